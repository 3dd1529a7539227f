import { useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Announcement } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
import { RichText } from "@/components/rich-text";
import { DELETE_FAILED, useAnnouncements, useDeleteAnnouncement } from "../api/announcements";

const PAGE_SIZE = 20;
const BASE = "/admin/dashboard";

function windowText(a: Announcement, now: number): { label: string; color: string } {
  const start = a.startDate ? Date.parse(a.startDate) : -Infinity;
  const end = a.endDate ? Date.parse(a.endDate) : Infinity;
  if (now < start) return { label: "Scheduled", color: "blue" };
  if (now > end) return { label: "Ended", color: "gray" };
  return { label: "Showing", color: "green" };
}

/** The admin's announcements: every notice, newest first, with edit and delete. */
export function AnnouncementsPage() {
  const [page, setPage] = useState(1);
  const list = useAnnouncements(page, PAGE_SIZE);
  const del = useDeleteAnnouncement();
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const now = Date.now();

  async function doDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await del.mutateAsync(deleting.id);
      notifications.show({ color: "green", message: `Deleted ${deleting.title}` });
      setDeleting(null);
    } catch (err) {
      setDeleteError(errorText(err, DELETE_FAILED));
    }
  }

  return (
    <Stack>
      <PageHeader
        title="Announcements"
        subtitle="Notices every user sees on their home screen while they are current."
        actions={
          <Button component={Link} to={`${BASE}/announcement/new`}>
            New Announcement
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, "Failed to load announcements")} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No announcements yet." />
      ) : (
        <Stack gap="sm">
          {list.data.data.map((a) => {
            const w = windowText(a, now);
            return (
              <Paper key={a.id} withBorder p="md" radius="md" data-testid="announcement-row">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {a.title}
                    </Text>
                    <Badge color={w.color} variant="light">
                      {w.label}
                    </Badge>
                  </Group>
                  <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
                    <RichText text={a.content} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    From {formatDateTime(a.startDate, "always")} until {formatDateTime(a.endDate, "removed")}
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" variant="light" component={Link} to={`${BASE}/announcement/${a.id}/edit`} aria-label={`Edit ${a.title}`}>
                      Edit
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => setDeleting(a)} aria-label={`Delete ${a.title}`}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Announcements pages" />
        </Stack>
      )}
      <ConfirmDialog
        opened={!!deleting}
        title="Delete announcement"
        message="Are you sure you want to delete this announcement?"
        details={deleting?.title}
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
