import type { User, Role, StudentType } from "@adesua/domain";
import type { UserRow } from "../../db/schema";

/** The only way a user leaves the server: the hash is never copied. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role as Role,
    studentType: (row.studentType as StudentType | null) ?? null,
    stream: row.role === "student" ? (row.stream ?? null) : null,
    hasPassword: row.passwordHash !== null,
    status: row.status as User["status"],
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}
