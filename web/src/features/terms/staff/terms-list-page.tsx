import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { ListBody } from "@/components/list-page";
import { CardList } from "@/components/list-page/card-list";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
import { useAuth } from "@/lib/auth";
import { staffBase } from "@/lib/staff-area";
import { useDeleteTerm, useTerms } from "../api/terms";
import { dayText, termNumberText } from "../components/report-format";

const PAGE_SIZE = 20;

/** Terminal reports: the terms, newest first; the admin makes a new one. */
export function TermsListPage() {
  const base = staffBase(useLocation().pathname);
  const admin = useAuth().user?.role === "admin";
  const [page, setPage] = useState(1);
  const list = useTerms(page);
  const del = useDeleteTerm();
  const deleting = useConfirmDelete<{ id: number; name: string }>(del, { done: (t) => `Deleted ${t.name}`, failed: "Delete failed" });

  return (
    <Stack>
      <PageHeader
        title="Terminal reports"
        subtitle="Each term's class and exam scores, positions, remarks and report cards."
        actions={
          admin && (
            <Button component={Link} to={`${base}/terms/new`}>
              New term
            </Button>
          )
        }
      />
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage="Could not load the terms"
        empty={{
          title: "No terms yet.",
          message: admin ? "Make the first with New term: its dates, weights and subjects." : "The head teacher or an admin sets up each term.",
        }}
        pager={{ total: list.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Terms pages" }}
        busy={list.isFetching}
      >
        {(rows) => (
          <CardList rows={rows} label="Terms">
            {(t) => (
              <Paper key={t.id} component="li" withBorder p="md" radius="md" data-testid="term-row">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {t.name}
                    </Text>
                    <Badge variant="light">{termNumberText(t.number)}</Badge>
                  </Group>
                  <Text size="sm">
                    {dayText(t.startsOn)} to {dayText(t.endsOn)}
                    {t.nextTermBegins && ` · next term begins ${dayText(t.nextTermBegins)}`}
                  </Text>
                  <Group gap="xs">
                    <Button size="xs" component={Link} to={`${base}/terms/${t.id}`} aria-label={`Open ${t.name}`}>
                      Open
                    </Button>
                    {admin && (
                      <>
                        <Button size="xs" variant="light" component={Link} to={`${base}/terms/${t.id}/edit`} aria-label={`Edit ${t.name}`}>
                          Edit
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => deleting.ask(t)} aria-label={`Delete ${t.name}`}>
                          Delete
                        </Button>
                      </>
                    )}
                  </Group>
                </Stack>
              </Paper>
            )}
          </CardList>
        )}
      </ListBody>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete term"
        message="Are you sure you want to delete this term?"
        details={deleting.target && `${deleting.target.name}: its subjects, entered marks, remarks, attendance and checks are deleted too.`}
      />
    </Stack>
  );
}
