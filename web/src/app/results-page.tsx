import { Stack, Title } from "@mantine/core";
import { PageHeader } from "@/components/page-header";
import { MyMockResults } from "../features/mocks/routes/student-mock-results";
import { MyTermReports } from "../features/terms/routes/student-term-reports";

/**
 * /students/dashboard/results: the student's mock result slips and term report cards, composed here (features never
 * import each other). Each section loads on its own, so a slow one never holds the other back.
 */
export function ResultsPage() {
  return (
    <Stack>
      <PageHeader title="Results" subtitle="Your mock examination slips and term report cards." />
      <Stack gap="xs" component="section" aria-labelledby="results-mocks">
        <Title order={2} size="h4" id="results-mocks">
          Mock examinations
        </Title>
        <MyMockResults />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="results-terms">
        <Title order={2} size="h4" id="results-terms">
          Term report cards
        </Title>
        <MyTermReports />
      </Stack>
    </Stack>
  );
}
