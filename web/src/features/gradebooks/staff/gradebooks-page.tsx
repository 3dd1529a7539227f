import { Stack } from "@mantine/core";
import { PageHeader } from "@/components/page-header";
import { GradebookPanel } from "./gradebook-panel";

/**
 * The grades screen's gradebook part on its own ("Teachers can pick a table"). The Grades Management
 * page of issue 12's grading work composes GradebookPanel into its own layout; until then this page
 * serves the route.
 */
export function GradebooksPage() {
  return (
    <Stack>
      <PageHeader title="Grades Management" subtitle="Continuous-assessment marks per student: pick a table, enter marks, save, export." />
      <GradebookPanel />
    </Stack>
  );
}
