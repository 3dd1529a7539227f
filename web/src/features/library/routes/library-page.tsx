import { useState } from "react";
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { LIBRARY_TYPE_LABELS, type LibraryItemType } from "@adesua/domain/constants";
import type { LibraryItem } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { downloadStoredFile } from "@/lib/download";
import { formatBytes, formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PaginationFooter } from "@/components/pagination-footer";
import { useLibrary } from "../api/library";

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [{ value: "", label: "All types" }, ...Object.entries(LIBRARY_TYPE_LABELS).map(([value, label]) => ({ value, label }))];

function ItemRow({ item, onError }: { item: LibraryItem; onError: (m: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadStoredFile(item.downloadPath, item.fileName);
    } catch (err) {
      onError(errorText(err, "Could not download the file"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="sm" radius="md" data-testid="library-item">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {item.title}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={item.type === "material" ? "blue" : "grape"}>
              {LIBRARY_TYPE_LABELS[item.type]}
            </Badge>
            <Text size="xs" c="dimmed">
              {item.course.title} · {formatBytes(item.size)} · {formatDateTime(item.createdAt)}
            </Text>
          </Group>
        </Stack>
        <Button size="xs" variant="light" onClick={() => void download()} loading={busy} aria-label={`Download ${item.title}`}>
          Download
        </Button>
      </Group>
    </Paper>
  );
}

/** The library (teacher and admin areas): course materials and quiz papers the viewer may see. */
export function LibraryPage() {
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [type, setType] = useState<LibraryItemType | "">("");
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const list = useLibrary({ search, type, page, limit: PAGE_SIZE });

  return (
    <Stack>
      <PageHeader title="Library" subtitle="Course materials and quiz papers (PDF) you can open and download." />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Search"
          placeholder="Title, file or course"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={type}
          allowDeselect={false}
          onChange={(v) => {
            setType((v ?? "") as LibraryItemType | "");
            setPage(1);
          }}
        />
      </SimpleGrid>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {list.isPending ? (
        <ListSkeleton count={4} />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, "Failed to load the library")} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title={search || type ? "Nothing matches your search." : "The library is empty."}
          message="Course materials and quiz PDFs appear here once they are uploaded."
        />
      ) : (
        <Stack gap="xs" aria-busy={list.isPlaceholderData}>
          {list.data.data.map((item) => (
            <ItemRow key={item.id} item={item} onError={setError} />
          ))}
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Library pages" />
        </Stack>
      )}
    </Stack>
  );
}
