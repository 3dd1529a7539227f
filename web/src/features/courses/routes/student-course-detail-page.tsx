import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { errorText } from "@/lib/api";
import { downloadStoredFile } from "@/lib/download";
import { formatBytes } from "@/lib/format";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { useCourse } from "../api/courses";

/** /students/dashboard/courses/:id: title, description, material and the way to its quizzes. */
export function StudentCourseDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const course = useCourse(id);
  const [downloading, setDownloading] = useState(false);

  const back = (
    <Button variant="default" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/students/dashboard/courses"))}>
      Back
    </Button>
  );

  if (course.isPending) {
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="60%" />
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (course.isError) {
    return (
      <Stack>
        <ErrorState
          title="Could not load this course"
          message={errorText(course.error, "Failed to load the course. Please try again later.")}
          onRetry={() => void course.refetch()}
          retrying={course.isFetching}
        />
        <Group>{back}</Group>
      </Stack>
    );
  }
  const c = course.data;
  async function download() {
    setDownloading(true);
    try {
      await downloadStoredFile(`/courses/${c.id}/material`, c.material?.name ?? "material.pdf");
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not download the material") });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack>
      <PageHeader title={c.title} subtitle={c.teacher ? `Teacher: ${c.teacher.name}` : "No teacher assigned yet"} />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={600}>About this course</Text>
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} c={c.description ? undefined : "dimmed"}>
            {c.description || "No description yet."}
          </Text>
        </Stack>
      </Paper>
      {c.material && (
        <Paper withBorder p="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>Course material</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {c.material.name} · {formatBytes(c.material.size)}
              </Text>
            </Stack>
            <Button variant="light" onClick={() => void download()} loading={downloading}>
              Download PDF
            </Button>
          </Group>
        </Paper>
      )}
      <Group wrap="wrap">
        <Button component={Link} to={`/students/dashboard/quizzes?courseId=${c.id}`}>
          View quizzes
        </Button>
        {back}
      </Group>
    </Stack>
  );
}
