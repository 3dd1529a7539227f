import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Button, Group } from "@mantine/core";
import { deleteGroupConfirmation } from "@adesua/domain";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { DELETE_FAILED, type BankGroup } from "../api/bank";
import { useDeleteGroup } from "../api/staff";
import { GroupsView } from "../components/groups-view";
import { areaOf } from "../lib/area";
import { useQueryParams } from "@/lib/use-query-params";
import { ExportDialog, ImportDialog } from "./exchange-dialogs";

/** /…/questions: the bank for teachers (read) and admins (read, take, delete a group, bulk upload). */
export function QuestionBankPage() {
  const { user } = useAuth();
  const base = areaOf(useLocation().pathname);
  const isAdmin = user?.role === "admin";
  const del = useDeleteGroup();
  const [target, setTarget] = useState<BankGroup | null>(null);
  const [dialog, setDialog] = useState<"import" | "export" | null>(null);
  const [params] = useQueryParams();

  return (
    <>
      <PageHeader
        title="Question Bank"
        subtitle="Past questions by year, subject and section."
        actions={
          <Group gap="xs" wrap="wrap">
            {isAdmin ? (
              <Button component={Link} to="/admin/dashboard/bulk-upload" variant="light">
                Bulk Upload
              </Button>
            ) : (
              <Button component={Link} to={`${base}/quiz/upload`} variant="light">
                Upload Quiz
              </Button>
            )}
            <Button variant="default" onClick={() => setDialog("import")}>
              Import
            </Button>
            <Button variant="default" onClick={() => setDialog("export")}>
              Export
            </Button>
          </Group>
        }
      />
      <div style={{ height: 16 }} />
      <GroupsView
        readBase={`${base}/questions`}
        attemptBase={isAdmin ? `${base}/questions/attempt` : undefined}
        actions={
          isAdmin
            ? (g) => (
                <Button size="xs" color="red" variant="subtle" onClick={() => setTarget(g)} aria-label={`Delete ${g.subject} ${g.year} section ${g.section}`}>
                  Delete
                </Button>
              )
            : undefined
        }
      />
      <ImportDialog opened={dialog === "import"} onClose={() => setDialog(null)} />
      {dialog === "export" && (
        <ExportDialog
          opened
          onClose={() => setDialog(null)}
          defaults={{ year: Number(params.get("year")) || undefined, subject: params.get("subject") ?? undefined, section: params.get("section") ?? undefined }}
        />
      )}
      <ConfirmDialog
        opened={!!target}
        title="Delete question group"
        message={target ? deleteGroupConfirmation(target) : ""}
        loading={del.isPending}
        error={del.isError ? errorText(del.error, DELETE_FAILED) : null}
        onConfirm={() => target && del.mutate(target, { onSuccess: () => setTarget(null) })}
        onClose={() => {
          setTarget(null);
          del.reset();
        }}
      />
    </>
  );
}
