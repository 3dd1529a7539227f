import { useState } from "react";
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, TABLE_MESSAGES, type Table } from "@adesua/domain";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListBody, useListFilters } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
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
  // Every keystroke searches (no pause): the tables are few.
  const f = useListFilters({}, { debounceMs: 0 });
  const list = useTables(f.page, PAGE_SIZE, f.query);
  const del = useDeleteTable();
  const [editing, setEditing] = useState<Table | null>(null);
  const [opened, setOpened] = useState<Table | null>(null);
  const deleting = useConfirmDelete<Table>(del, {
    done: (t) => `Deleted ${t.name}`,
    failed: "Delete failed",
    after: (t) => opened?.id === t.id && setOpened(null),
  });

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
          <TextInput aria-label="Search tables by name" placeholder="Search tables" {...f.searchInput} w={220} />
        </Group>
        <ListBody
          query={list}
          rows={list.data?.data}
          errorMessage={TABLE_MESSAGES.loadFailed}
          empty={{ title: "No tables yet.", message: "Create one above: its rows are the students." }}
          filtered={f.filtered && { title: "No tables match your search." }}
          pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Tables pages" }}
          busy={list.isFetching}
        >
          {(rows) =>
            rows.map((t) => <TableCard key={t.id} table={t} onEdit={() => setEditing(t)} onDelete={() => deleting.ask(t)} onOpen={() => setOpened(t)} />)
          }
        </ListBody>
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
        {...deleting.dialog}
        title="Delete table"
        message={TABLE_MESSAGES.deleteConfirm}
        details={deleting.target && `${deleting.target.name}: every mark in it is deleted too.`}
      />
    </Stack>
  );
}
