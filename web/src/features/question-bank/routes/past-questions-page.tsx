import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { PageHeader } from "@/components/page-header";
import { usePracticeHistory } from "../api/practice";
import { GroupsView } from "../components/groups-view";

const BASE = "/students/dashboard/past-questions";

const pct = (n: number | null | undefined) => (n === null || n === undefined ? "—" : `${Math.round(n)}%`);

/** /students/dashboard/past-questions: the bank's groups to read or practise, and how the student is doing per subject. */
export function PastQuestionsPage() {
  const history = usePracticeHistory();
  const subjects = history.data?.subjects ?? [];
  return (
    <Stack>
      <PageHeader title="Past Questions" subtitle="Read or practise BECE-style questions by year, subject and section." />
      {subjects.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={2} size="h4" mb="xs">
            My practice
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Practices</Table.Th>
                  <Table.Th>Average</Table.Th>
                  <Table.Th>Best</Table.Th>
                  <Table.Th>Last</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subjects.map((s) => (
                  <Table.Tr key={s.subject}>
                    <Table.Td>{s.subject}</Table.Td>
                    <Table.Td>{s.practices}</Table.Td>
                    <Table.Td>{pct(s.averagePercentage)}</Table.Td>
                    <Table.Td>{pct(s.bestPercentage)}</Table.Td>
                    <Table.Td>{pct(s.lastPercentage)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {history.isError && (
        <Text size="sm" c="dimmed">
          Your practice history could not be loaded.
        </Text>
      )}
      <GroupsView readBase={BASE} attemptBase={`${BASE}/attempt`} />
    </Stack>
  );
}
