import { Paper, Stack, Text, Title } from "@mantine/core";
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
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {subjects.map((s) => (
              <Text component="li" key={s.subject} size="sm" aria-label={`${s.subject}: ${s.practices} practices`}>
                <b>{s.subject}</b> · {s.practices} {s.practices === 1 ? "practice" : "practices"} · average {pct(s.averagePercentage)} · best{" "}
                {pct(s.bestPercentage)} · last {pct(s.lastPercentage)}
              </Text>
            ))}
          </Stack>
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
