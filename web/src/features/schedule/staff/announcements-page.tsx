import { useState } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { Announcement } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ListBody } from "@/components/list-page";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
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
  const deleting = useConfirmDelete<Announcement>(del, { done: (a) => `Deleted ${a.title}`, failed: DELETE_FAILED });
  const now = Date.now();

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
      <ListBody
        query={list}
        rows={list.data?.data}
        errorMessage="Failed to load announcements"
        empty={{ title: "No announcements yet." }}
        pager={{ total: list.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Announcements pages" }}
      >
        {(rows) =>
          rows.map((a) => {
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
                    <Button size="xs" variant="light" color="red" onClick={() => deleting.ask(a)} aria-label={`Delete ${a.title}`}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })
        }
      </ListBody>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete announcement"
        message="Are you sure you want to delete this announcement?"
        details={deleting.target?.title}
      />
    </Stack>
  );
}
