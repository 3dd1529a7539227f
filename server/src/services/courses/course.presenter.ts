import type { Course } from "@adesua/domain";
import type { CourseRow } from "../../db/schema";

export type CourseJoined = {
  course: CourseRow;
  teacher: { id: number; name: string } | null;
  material: { name: string; size: number } | null;
};

/** The only way a course leaves the server. */
export function presentCourse({ course, teacher, material }: CourseJoined): Course {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    teacherId: course.teacherId,
    teacher: teacher ? { id: teacher.id, name: teacher.name } : null,
    material: material ? { name: material.name, size: material.size } : null,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  };
}
