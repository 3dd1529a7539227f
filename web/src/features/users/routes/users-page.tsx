import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Anchor, Badge, Button, Card, Group, Modal, PasswordInput, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ROLE_HOME, ROLE_LABEL } from "@adesua/domain/rules";
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, type Role, type StudentType } from "@adesua/domain/constants";
import type { User } from "@adesua/domain";
import { classLabel } from "@adesua/domain/constants";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CardList, ListBody, useListFilters } from "@/components/list-page";
import { DataTable, useWideScreen } from "@/components/list-page/data-table";
import { useChangePassword, useDecideTeacher, useDeleteUser, useSaveSettings, useSettings, useUsers } from "../api/users";
import { AddUserDialog } from "../components/add-user-dialog";
import { ImportUsersDialog } from "../components/import-dialog";
import { ClassDialog } from "../components/class-dialog";

/** Loaded when first opened: the Users list stays as small as it was (issue 28). */
const GuardiansDialog = lazy(() => import("../staff/guardians-dialog").then((m) => ({ default: m.GuardiansDialog })));

/** What the Email column shows: the email, or the sign-in name of a user enrolled without one. */
const signInText = (u: User) => u.email ?? (u.username ? `Sign-in name: ${u.username}` : "");

const PAGE_SIZE = 20;

/** The confirmation before acting as someone: who, as what, and for how long (the server ends it after an hour). */
export const impersonationMessage = (u: Pick<User, "name" | "role">) => `You will act as ${u.name} (${ROLE_LABEL[u.role].toLowerCase()}) for up to one hour.`;

export function UsersPage() {
  const { user: me, impersonate } = useAuth();
  const navigate = useNavigate();
  const f = useListFilters({ role: null as Role | null, level: null as StudentType | null, stream: "" });
  const { role, level, stream } = f.filters;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [newPassword, setNewPassword] = useState("");
  const [confirmDelete, setConfirmDelete] = useState<User | null>(null);
  const [classOf, setClassOf] = useState<User | null>(null);
  const [guardiansOf, setGuardiansOf] = useState<User | null>(null);
  const [confirmImpersonate, setConfirmImpersonate] = useState<User | null>(null);
  const [acting, setActing] = useState(false);
  const [confirmReject, setConfirmReject] = useState<User | null>(null);
  const decide = useDecideTeacher();
  const isAdmin = me?.role === "admin";
  const settings = useSettings(isAdmin);
  const saveSettings = useSaveSettings();
  // The table needs a desktop's width; phones get one card per user.
  const wide = useWideScreen(992);
  const users = useUsers({ role, studentType: level, stream: stream || undefined, search: f.query || undefined, page: f.page, limit: PAGE_SIZE });
  const change = useChangePassword();
  const del = useDeleteUser();

  async function savePassword(u: User) {
    if (!newPassword) {
      notifications.show({ color: "red", message: "Please enter a new password" });
      return;
    }
    try {
      await change.mutateAsync({ id: u.id, password: newPassword });
      notifications.show({ color: "green", message: "Password updated successfully" });
      setEditing(null);
      setNewPassword("");
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Failed to update password") });
    }
  }

  async function doDelete(u: User) {
    try {
      await del.mutateAsync(u.id);
      notifications.show({ color: "green", message: "User deleted successfully" });
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Failed to delete user") });
    } finally {
      setConfirmDelete(null);
    }
  }

  async function decideTeacher(u: User, decision: "approve" | "reject") {
    try {
      await decide.mutateAsync({ id: u.id, decision });
      notifications.show({ color: "green", message: decision === "approve" ? `${u.name} can now teach` : `${u.name}'s account was rejected` });
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not save the decision") });
    } finally {
      setConfirmReject(null);
    }
  }

  async function actAs(u: User) {
    setActing(true);
    try {
      const target = await impersonate(u.id);
      navigate(ROLE_HOME[target.role], { replace: true });
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not impersonate this user") });
    } finally {
      setActing(false);
      setConfirmImpersonate(null);
    }
  }

  const total = users.data?.pagination.total ?? 0;

  const roleText = (u: User) =>
    `${ROLE_LABEL[u.role]}${u.studentType ? ` · ${classLabel(u.studentType, u.stream)}` : ""}${u.status === "pending" ? " · waiting for approval" : u.status === "rejected" ? " · rejected" : ""}`;

  const passwordCell = (u: User) =>
    editing === u.id ? (
      <Group gap="xs" wrap="wrap">
        <PasswordInput
          size="xs"
          placeholder="New password"
          aria-label={`New password for ${u.name}`}
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && void savePassword(u)}
          autoFocus
          miw={180}
          style={{ flex: 1 }}
        />
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" loading={change.isPending} onClick={() => void savePassword(u)}>
            Save
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setEditing(null);
              setNewPassword("");
            }}
          >
            Cancel
          </Button>
        </Group>
      </Group>
    ) : (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{u.hasPassword ? "Password set" : "No password set"}</Text>
        <Anchor
          component="button"
          size="sm"
          aria-label={`Change the password of ${u.name}`}
          onClick={() => {
            setEditing(u.id);
            setNewPassword("");
          }}
        >
          Change
        </Anchor>
      </Group>
    );

  const actions = (u: User) => (
    <Group gap="xs" wrap="nowrap">
      {isAdmin && u.status === "pending" && (
        <>
          <Button size="xs" color="green" loading={decide.isPending} onClick={() => void decideTeacher(u, "approve")} aria-label={`Approve ${u.name}`}>
            Approve
          </Button>
          <Button size="xs" color="red" variant="outline" onClick={() => setConfirmReject(u)} aria-label={`Reject ${u.name}`}>
            Reject
          </Button>
        </>
      )}
      {isAdmin && u.role === "student" && (
        <Button size="xs" variant="default" onClick={() => setClassOf(u)} aria-label={`Change the class of ${u.name}`}>
          Class
        </Button>
      )}
      {isAdmin && u.role === "student" && (
        <Button size="xs" variant="default" onClick={() => setGuardiansOf(u)} aria-label={`Guardians of ${u.name}`}>
          Guardians
        </Button>
      )}
      {u.role !== "admin" && (
        <Button size="xs" variant="light" onClick={() => setConfirmImpersonate(u)} aria-label={`Impersonate ${u.name}`}>
          Impersonate
        </Button>
      )}
      {u.id !== me?.id && (
        <Button size="xs" color="red" variant="light" onClick={() => setConfirmDelete(u)} aria-label={`Delete ${u.name}`}>
          Delete
        </Button>
      )}
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Users
        </Title>
        <Group gap="xs">
          {users.data && <Badge variant="light">{total === 1 ? "1 user" : `${total} users`}</Badge>}
          {isAdmin && (
            <>
              <Button size="sm" onClick={() => setAdding(true)}>
                Add user
              </Button>
              <Button size="sm" variant="light" onClick={() => setImporting(true)}>
                Import
              </Button>
            </>
          )}
        </Group>
      </Group>
      {isAdmin && settings.data && (
        <Switch
          label="Students may sign themselves up"
          description="When off, the sign-up page tells students to ask you for an account. Teachers can always sign up, and wait for your approval."
          checked={settings.data.studentSignupOpen}
          disabled={saveSettings.isPending}
          onChange={(e) =>
            void saveSettings
              .mutateAsync({ studentSignupOpen: e.currentTarget.checked })
              .catch((err) => notifications.show({ color: "red", message: errorText(err, "Could not save the setting") }))
          }
        />
      )}
      <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
        <TextInput label="Search" placeholder="Name or email" {...f.searchInput} miw={200} />
        <Select
          label="Role"
          placeholder="All roles"
          clearable
          data={(["admin", "teacher", "student"] as Role[]).map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
          value={role}
          onChange={(v) => f.set({ role: v as Role | null })}
          miw={160}
        />
        <Select
          label="Level"
          placeholder="All levels"
          clearable
          data={STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))}
          value={level}
          onChange={(v) => f.set({ level: v as StudentType | null })}
          miw={140}
        />
        <TextInput
          label="Class"
          placeholder="All, e.g. B"
          value={stream}
          maxLength={10}
          onChange={(e) => f.set({ stream: e.currentTarget.value.replace(/[^A-Za-z]/g, "").toUpperCase() })}
          miw={120}
        />
      </Group>
      <ListBody
        query={users}
        rows={users.data?.data}
        loading={<Text role="status">Loading users...</Text>}
        errorMessage=""
        errorView={
          <Alert color="red" role="alert">
            Error: {errorText(users.error, (users.error as Error | null)?.message ?? "")}
          </Alert>
        }
        empty={{ view: <Text c="dimmed">No users match these filters.</Text> }}
        pager={{ total, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Users pages" }}
        gap="md"
      >
        {(list) =>
          wide ? (
            <DataTable
              rows={list}
              rowKey={(u) => u.id}
              highlightOnHover
              columns={[
                { key: "name", header: "Name", cell: (u) => u.name },
                { key: "email", header: "Email", td: { style: { wordBreak: "break-all" } }, cell: signInText },
                { key: "role", header: "Role", cell: roleText },
                { key: "password", header: "Password", cell: passwordCell },
                { key: "actions", header: "Actions", cell: actions },
              ]}
            />
          ) : (
            // Phones: one card per user, nothing to scroll sideways.
            <CardList rows={list}>
              {(u) => (
                <Card key={u.id} withBorder padding="sm" component="li" aria-label={u.name}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Stack gap={0} miw={0}>
                        <Text fw={700}>{u.name}</Text>
                        <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
                          {signInText(u)}
                        </Text>
                      </Stack>
                      <Badge variant="light" style={{ flexShrink: 0 }}>
                        {roleText(u)}
                      </Badge>
                    </Group>
                    {passwordCell(u)}
                    {actions(u)}
                  </Stack>
                </Card>
              )}
            </CardList>
          )
        }
      </ListBody>
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} />
      <ImportUsersDialog opened={importing} onClose={() => setImporting(false)} />
      <ClassDialog user={classOf} onClose={() => setClassOf(null)} />
      {guardiansOf && (
        <Suspense fallback={null}>
          <GuardiansDialog user={guardiansOf} onClose={() => setGuardiansOf(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={!!confirmImpersonate}
        title="Impersonate user"
        message={confirmImpersonate ? impersonationMessage(confirmImpersonate) : ""}
        details="Everything you do is recorded as done by you on their behalf. Stop Impersonation at the top of every page brings you back."
        confirmLabel="Impersonate"
        confirmColor="green"
        loading={acting}
        onConfirm={() => confirmImpersonate && void actAs(confirmImpersonate)}
        onClose={() => setConfirmImpersonate(null)}
      />
      <ConfirmDialog
        opened={!!confirmReject}
        title="Reject teacher"
        message={confirmReject ? `Reject ${confirmReject.name}'s teacher account?` : ""}
        details="They will be signed out and cannot sign in again."
        confirmLabel="Reject"
        loading={decide.isPending}
        onConfirm={() => confirmReject && void decideTeacher(confirmReject, "reject")}
        onClose={() => setConfirmReject(null)}
      />
      <Modal opened={!!confirmDelete} onClose={() => setConfirmDelete(null)} title="Delete user" centered>
        <Stack>
          <Text>Are you sure you want to delete this user?</Text>
          {confirmDelete && (
            <Text size="sm" c="dimmed">
              {confirmDelete.name} ({signInText(confirmDelete)}) and everything they own will be removed. This cannot be undone.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(null)}>
              Cancel
            </Button>
            <Button color="red" loading={del.isPending} onClick={() => confirmDelete && void doDelete(confirmDelete)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
