import { useMemo, useState } from "react";
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { STUDENT_TYPE_LABELS, TABLE_MESSAGES, type Table } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PaginationFooter } from "@/components/pagination-footer";
import { exportTable, useSaveCells, useTableData, useTables } from "../api/tables";
import { markProblem, MarksGrid, type Edits } from "./marks-grid";

const PAGE_SIZE = 20;

function TableMarks({ table }: { table: Table }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [edits, setEdits] = useState<Edits>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState<"csv" | "excel" | null>(null);
  const data = useTableData(table.id, page, PAGE_SIZE, search.trim());
  const save = useSaveCells(table.id);
  const columns = useMemo(() => new Map(table.columns.map((c) => [c.key, c])), [table.columns]);
  const pending = Object.entries(edits);
  const invalid = pending.some(([id, text]) => markProblem(columns.get(id.split(":")[1])!, text) !== null);

  async function saveMarks() {
    setFailure(null);
    const cells = pending.map(([id, text]) => {
      const [sid, key] = id.split(":");
      const v = text.trim();
      return { studentId: Number(sid), columnKey: key, value: v === "" ? null : columns.get(key)!.type === "number" ? Number(v) : v };
    });
    try {
      const r = await save.mutateAsync(cells);
      setEdits({});
      notifications.show({ color: "green", message: r.changed === 1 ? "Saved 1 mark" : `Saved ${r.changed} marks` });
    } catch (err) {
      setFailure(errorText(err, TABLE_MESSAGES.saveFailed));
    }
  }

  async function download(format: "csv" | "excel") {
    setExporting(format);
    try {
      await exportTable(table, format);
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, TABLE_MESSAGES.exportFailed) });
    } finally {
      setExporting(null);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
            {table.name}
          </Title>
          <Text size="xs" c="dimmed">
            {table.studentType ? STUDENT_TYPE_LABELS[table.studentType] : "All students"}
            {table.course && ` · ${table.course.title}`}
            {table.description && ` · ${table.description}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={exporting === "csv"} onClick={() => void download("csv")}>
            Export CSV
          </Button>
          <Button size="xs" variant="default" loading={exporting === "excel"} onClick={() => void download("excel")}>
            Export Excel
          </Button>
        </Group>
      </Group>
      <TextInput
        aria-label="Search students by name"
        placeholder="Search students by name"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {data.isPending ? (
        <ListSkeleton />
      ) : data.isError ? (
        <ErrorState message={errorText(data.error, "Failed to load data. Please try again.")} onRetry={() => void data.refetch()} />
      ) : data.data.rows.length === 0 ? (
        <EmptyState title={search.trim() ? "No students match your search." : "No students in this table."} />
      ) : (
        <div aria-busy={data.isFetching}>
          <MarksGrid table={data.data.table} rows={data.data.rows} edits={edits} onEdit={(id, text) => setEdits((e) => ({ ...e, [id]: text }))} />
        </div>
      )}
      {data.data && <PaginationFooter total={data.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Students pages" />}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {pending.length > 0 && (
          <Button variant="subtle" onClick={() => setEdits({})} disabled={save.isPending}>
            Discard changes
          </Button>
        )}
        <Button onClick={() => void saveMarks()} loading={save.isPending} disabled={pending.length === 0 || invalid}>
          {pending.length ? `Save marks (${pending.length})` : "Save marks"}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Teachers can pick a table" (spec 001, Grades Management): a picker of the gradebook tables the
 * user may use and the marks of the chosen one, editable, with CSV and Excel export (decision 024).
 * Composed into the grades screen by the app; the Table Management page shows it too.
 */
export function GradebookPanel({ initialTableId }: { initialTableId?: number }) {
  const tables = useTables(1, 100);
  const [chosen, setChosen] = useState<number | null>(initialTableId ?? null);
  const list = tables.data?.data ?? [];
  const table = list.find((t) => t.id === chosen) ?? (chosen === null ? list[0] : undefined);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Gradebooks
      </Title>
      {tables.isPending ? (
        <ListSkeleton />
      ) : tables.isError ? (
        <ErrorState message={errorText(tables.error, TABLE_MESSAGES.loadFailed)} onRetry={() => void tables.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No tables yet." message="An admin creates gradebook tables in Table Management." />
      ) : (
        <>
          <Select
            label="Table"
            data={list.map((t) => ({ value: String(t.id), label: t.name }))}
            value={table ? String(table.id) : null}
            onChange={(v) => setChosen(v ? Number(v) : null)}
            allowDeselect={false}
            searchable
            maw={420}
          />
          {table ? <TableMarks key={table.id} table={table} /> : <Text c="dimmed">{TABLE_MESSAGES.notFound}</Text>}
        </>
      )}
    </Stack>
  );
}
