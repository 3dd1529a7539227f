import { Link } from "react-router";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { errorText } from "@/lib/api";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { dateText, useMyTerms } from "../api/student-reports";

/** The terms with a released report card of the student's on the Results page. */
export function MyTermReports() {
  const terms = useMyTerms();
  if (terms.isPending) return <ListSkeleton count={1} />;
  if (terms.isError)
    return (
      <ErrorState
        message={errorText(terms.error, "Failed to load your report cards. Please try again.")}
        onRetry={() => void terms.refetch()}
        retrying={terms.isFetching}
      />
    );
  const list = terms.data.data;
  if (list.length === 0) return <Text c="dimmed">Results not released yet: your report card appears here once the school releases it.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {list.map((t) => (
        <Paper key={t.id} withBorder p="sm" radius="md" component="li" aria-label={t.name}>
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {t.name}
            </Text>
            <Text size="sm" c="dimmed">
              {dateText(t.startsOn)} – {dateText(t.endsOn)}
            </Text>
            <Group>
              <Button component={Link} to={`/students/dashboard/results/terms/${t.id}`} size="sm">
                Open report card
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
