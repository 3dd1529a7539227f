import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { LIBRARY_TYPE_LABELS, type LibraryItemType } from "@adesua/domain/constants";
import type { LibraryItem } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { downloadStoredFile } from "@/lib/download";
import { formatBytes, formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { ListBody, useListFilters } from "@/components/list-page";
import { useLibrary } from "../api/library";

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [{ value: "", label: "All types" }, ...Object.entries(LIBRARY_TYPE_LABELS).map(([value, label]) => ({ value, label }))];

function ItemRow({ item, onError }: { item: LibraryItem; onError: (m: string) => void }) {
  const download = useMutation({
    mutationFn: () => downloadStoredFile(item.downloadPath, item.fileName),
    onError: (err) => onError(errorText(err, "Could not download the file")),
  });
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
        <Button size="xs" variant="light" onClick={() => download.mutate()} loading={download.isPending} aria-label={`Download ${item.title}`}>
          Download
        </Button>
      </Group>
    </Paper>
  );
}

/** The library (teacher and admin areas): course materials and quiz papers the viewer may see. */
export function LibraryPage() {
  const f = useListFilters({ type: "" as LibraryItemType | "" });
  const [error, setError] = useState<string | null>(null);
  const list = useLibrary({ search: f.query, type: f.filters.type, page: f.page, limit: PAGE_SIZE });

  return (
    <Stack>
      <PageHeader title="Library" subtitle="Course materials and quiz papers (PDF) you can open and download." />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Search" placeholder="Title, file or course" {...f.searchInput} />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={f.filters.type}
          allowDeselect={false}
          onChange={(v) => f.set({ type: (v ?? "") as LibraryItemType | "" })}
        />
      </SimpleGrid>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={4}
        errorMessage="Failed to load the library"
        empty={{ title: "The library is empty.", message: "Course materials and quiz PDFs appear here once they are uploaded." }}
        filtered={f.filtered && { title: "Nothing matches your search." }}
        pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Library pages" }}
        gap="xs"
        busy={list.isPlaceholderData}
      >
        {(rows) => rows.map((item) => <ItemRow key={item.id} item={item} onError={setError} />)}
      </ListBody>
    </Stack>
  );
}
