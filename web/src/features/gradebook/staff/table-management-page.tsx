import { useState } from "react";
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, TABLE_MESSAGES, type Table } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { useDeleteTable, useTables } from "../api/tables";
import { GradebookPanel } from "./gradebook-panel";
import { TableForm } from "./table-form";

const PAGE_SIZE = 20;

function AccessBadge({ level }: { level: Table["accessLevel"] }) {
  return (
    <Badge color={level === "public" ? "green" : "red"} variant="light">
      {level === "public" ? "Public" : "Private"}
    </Badge>
  );
}

function TableCard({ table, onEdit, onDelete, onOpen }: { table: Table; onEdit: () => void; onDelete: () => void; onOpen: () => void }) {
  const columns = table.columns.map((c) => c.name).join(", ");
  return (
    <Paper withBorder p="md" radius="md" data-testid="table-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {table.name}
          </Text>
          <AccessBadge level={table.accessLevel} />
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Type:{" "}
          </Text>
          {table.type}
          {" · "}
          {table.studentType ? STUDENT_TYPE_LABELS[table.studentType] : "All students"}
          {table.course && ` · ${table.course.title}`}
        </Text>
        {table.description && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {table.description}
          </Text>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          Columns: {columns}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`Open marks of ${table.name}`}>
            Marks
          </Button>
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${table.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${table.name}`}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Table Management (admin; spec 000): the tables with their access level, the Create New Table form, edit, delete. */
export function TableManagementPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const list = useTables(page, PAGE_SIZE, search.trim());
  const del = useDeleteTable();
  const [editing, setEditing] = useState<Table | null>(null);
  const [deleting, setDeleting] = useState<Table | null>(null);
  const [opened, setOpened] = useState<Table | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function doDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await del.mutateAsync(deleting.id);
      notifications.show({ color: "green", message: `Deleted ${deleting.name}` });
      if (opened?.id === deleting.id) setOpened(null);
      setDeleting(null);
    } catch (err) {
      setDeleteError(errorText(err, "Delete failed"));
    }
  }

  return (
    <Stack>
      <PageHeader title="Table Management" subtitle="Gradebooks for continuous assessment: class exercises, homework and projects, per student." />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="create-table-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="create-table-title">
            Create New Table
          </Title>
          <TableForm onSaved={(t) => notifications.show({ color: "green", message: `Created ${t.name}` })} />
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="tables-title">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="tables-title">
            Tables
          </Title>
          <TextInput
            aria-label="Search tables by name"
            placeholder="Search tables"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={220}
          />
        </Group>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ErrorState message={errorText(list.error, TABLE_MESSAGES.loadFailed)} onRetry={() => void list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={search.trim() ? "No tables match your search." : "No tables yet."} message="Create one above: its rows are the students." />
        ) : (
          <Stack gap="sm" aria-busy={list.isFetching}>
            {list.data.data.map((t) => (
              <TableCard key={t.id} table={t} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} onOpen={() => setOpened(t)} />
            ))}
            <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Tables pages" />
          </Stack>
        )}
      </Stack>
      {opened && (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Marks">
          <GradebookPanel key={opened.id} initialTableId={opened.id} />
        </Paper>
      )}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.name}` : ""} size="lg">
        {editing && (
          <TableForm
            table={editing}
            onSaved={(t) => {
              notifications.show({ color: "green", message: `Saved ${t.name}` });
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={!!deleting}
        title="Delete table"
        message={TABLE_MESSAGES.deleteConfirm}
        details={deleting && `${deleting.name}: every mark in it is deleted too.`}
        loading={del.isPending}
        error={deleteError}
        onConfirm={() => void doDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </Stack>
  );
}
