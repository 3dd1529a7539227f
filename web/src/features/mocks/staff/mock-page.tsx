import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Button, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { staffBase } from "@/lib/staff-area";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorState } from "@/components/error-state";
import { FormError } from "@/components/form-actions";
import { PageHeader } from "@/components/page-header";
import { downloadTimetable, useDeleteMock, useMock } from "../api/mocks";
import { levelLabel, spanText } from "../components/mock-text";
import { GradingSettings } from "./grading-settings";
import { MockTimetable } from "./mock-timetable";
import { ReleasePanel } from "./release-panel";

/** mocks/:id: the timetable with marking progress, results and their release, grading, and (admin) edit and delete. */
export function MockPage() {
  const id = Number(useParams().id);
  const base = staffBase(useLocation().pathname);
  const navigate = useNavigate();
  const admin = useAuth().user?.role === "admin";
  const mock = useMock(id);
  const del = useDeleteMock();
  const [deleting, setDeleting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);

  if (mock.isPending)
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="50%" />
        <Skeleton height={300} />
      </Stack>
    );
  if (mock.isError) return <ErrorState message={errorText(mock.error, "Failed to load the mock")} onRetry={() => void mock.refetch()} />;
  const m = mock.data;

  async function print() {
    setPrinting(true);
    setPrintError(null);
    try {
      await downloadTimetable(m);
    } catch (err) {
      setPrintError(errorText(err, "Failed to download the timetable"));
    } finally {
      setPrinting(false);
    }
  }

  return (
    <Stack>
      <PageHeader
        title={m.title}
        subtitle={`${levelLabel(m.level)} · ${spanText(m.startsAt, m.endsAt)} · ${m.students} students`}
        actions={
          <>
            <Button component={Link} to={`${base}/mocks/${m.id}/results`}>
              Results
            </Button>
            <Button variant="default" onClick={() => void print()} loading={printing}>
              Print timetable
            </Button>
            {admin && (
              <Button variant="default" component={Link} to={`${base}/mocks/${m.id}/edit`}>
                Edit
              </Button>
            )}
            {admin && (
              <Button variant="light" color="red" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />
      <FormError error={printError} />
      <ReleasePanel mock={m} admin={admin} />
      <Paper withBorder p="md" radius="md" component="section" aria-label="Timetable">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Timetable
          </Title>
          <MockTimetable mock={m} base={base} />
        </Stack>
      </Paper>
      <GradingSettings mock={m} editable={admin} />
      <ConfirmDialog
        opened={deleting}
        title="Delete mock"
        message={`Delete ${m.title}?`}
        details="Its papers, every mark entered and its results are deleted with it. This cannot be undone."
        loading={del.isPending}
        error={del.error ? errorText(del.error, "Delete failed") : null}
        onConfirm={() =>
          del.mutate(m.id, {
            onSuccess: () => {
              notifications.show({ color: "green", message: `Deleted ${m.title}` });
              navigate(`${base}/mocks`);
            },
          })
        }
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
