import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { MockSummary } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { useMyMocks } from "../api/student-results";

function MockRow({ mock }: { mock: MockSummary }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={mock.title}>
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {mock.title}
        </Text>
        {mock.startsAt && (
          <Text size="sm" c="dimmed">
            From {formatDateTime(mock.startsAt)} · {mock.subjects.length} {mock.subjects.length === 1 ? "subject" : "subjects"}
          </Text>
        )}
        {mock.released ? (
          <Group>
            <Button component={Link} to={`/students/dashboard/results/mocks/${mock.id}`} size="sm">
              Open result slip
            </Button>
          </Group>
        ) : (
          <Group>
            <Badge color="gray" variant="light">
              Results not released yet
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The mocks of the student's level on the Results page: a released mock links to the student's own slip. */
export function MyMockResults() {
  const mocks = useMyMocks();
  if (mocks.isPending) return <ListSkeleton count={2} />;
  if (mocks.isError)
    return (
      <ErrorState
        message={errorText(mocks.error, "Failed to load your mock examinations. Please try again.")}
        onRetry={() => void mocks.refetch()}
        retrying={mocks.isFetching}
      />
    );
  const list = mocks.data.data;
  if (list.length === 0) return <Text c="dimmed">No mock examinations for your level yet.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {list.map((m) => (
        <MockRow key={m.id} mock={m} />
      ))}
    </Stack>
  );
}
