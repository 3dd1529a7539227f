import { Link, useLocation } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useAuth } from "@/lib/auth";
import { staffBase } from "@/lib/staff-area";
import { CardList, ListBody, useListFilters } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useMocks } from "../api/mocks";
import { levelLabel, spanText } from "../components/mock-text";

const PAGE_SIZE = 20;

/** mocks: the mock examinations (admin: all, with New mock; teacher: the mocks of their subjects), newest first. */
export function MocksListPage() {
  const base = staffBase(useLocation().pathname);
  const admin = useAuth().user?.role === "admin";
  const f = useListFilters({});
  const list = useMocks(f.page, PAGE_SIZE);
  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader
        title="Mock examinations"
        subtitle={admin ? "Mock BECE papers, their timetable, marks and results." : "The mocks of your subjects: enter marks and see the results."}
        actions={
          admin && (
            <Button component={Link} to={`${base}/mocks/new`}>
              New mock
            </Button>
          )
        }
      />
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage="Failed to load mocks"
        empty={{
          title: "No mocks yet.",
          message: admin ? "Set up a mock: its subjects, papers and timetable." : "Mocks of your subjects appear here once the admin sets them up.",
          action: admin ? (
            <Button component={Link} to={`${base}/mocks/new`} variant="light">
              New mock
            </Button>
          ) : undefined,
        }}
        pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Mocks pages" }}
      >
        {(rows) => (
          <CardList rows={rows} label="Mocks">
            {(m) => (
              <Paper key={m.id} component="li" withBorder p="sm" radius="md" data-testid="mock-row">
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0, flex: "1 1 240px" }}>
                    <Text fw={700} component={Link} to={`${base}/mocks/${m.id}`} style={{ overflowWrap: "anywhere" }} c="blue.8">
                      {m.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {levelLabel(m.level)} · {spanText(m.startsAt, m.endsAt)} · {m.subjects.length} {m.subjects.length === 1 ? "subject" : "subjects"}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {m.subjects.join(", ")}
                    </Text>
                  </Stack>
                  <Group gap={6}>
                    <Badge color={m.released ? "green" : "gray"} variant="light">
                      {m.released ? "Results released" : "Not released"}
                    </Badge>
                    <Button size="compact-sm" variant="light" component={Link} to={`${base}/mocks/${m.id}`} aria-label={`Open ${m.title}`}>
                      Open
                    </Button>
                  </Group>
                </Group>
              </Paper>
            )}
          </CardList>
        )}
      </ListBody>
    </Stack>
  );
}
