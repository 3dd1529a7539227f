import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Alert, Button, Group, Stack, Switch, Text } from "@mantine/core";
import type { UngradedSubmission } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { staffBase } from "@/lib/staff-area";
import { ListBody } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useGradeSubmission, useUngraded } from "../api/grading";
import { GradeCard, scoreLine, type SavedScript } from "./grade-card";
import { LateAnswersPanel } from "./late-answers-panel";

/** Scripts loaded at once (the server's most): marking goes through them one by one. */
const BATCH = 100;

/**
 * Keeps the scripts met in this visit in their order: a saved script leaves the server's ungraded list but stays here
 * (its score shown), so "Script 3 of 12" and Previous keep their meaning while the teacher marks.
 */
export function useScriptQueue(fresh: UngradedSubmission[] | undefined) {
  const [scripts, setScripts] = useState<UngradedSubmission[]>([]);
  useEffect(() => {
    if (!fresh) return;
    setScripts((old) => {
      const known = new Set(old.map((s) => s.id));
      const added = fresh.filter((s) => !known.has(s.id));
      return added.length ? [...old, ...added] : old;
    });
  }, [fresh]);
  return scripts;
}

/**
 * quiz/:quizId/grade: the quiz's scripts waiting for marks, one at a time ("Script 3 of 12"). Each answer a teacher
 * marks has a marks input; Enter keeps a mark and moves to the next answer, and on the last answer saves the script
 * and opens the next one. The saved score shows on the script; Previous and Next move without saving.
 */
export function GradeQuizPage() {
  const quizId = Number(useParams().quizId);
  const base = staffBase(useLocation().pathname);
  const list = useUngraded(quizId, 1, BATCH);
  const grade = useGradeSubmission(quizId);
  const quiz = list.data?.quiz;
  const scripts = useScriptQueue(list.data?.data);
  const [index, setIndex] = useState(0);
  const [saved, setSaved] = useState<Record<number, SavedScript>>({});
  const [byKeyboard, setByKeyboard] = useState(false);
  const [onlyToMark, setOnlyToMark] = useState(false);
  const [lastSaved, setLastSaved] = useState<{ name: string; line: string } | null>(null);
  const savedCount = Object.keys(saved).length;
  // Scripts not loaded yet (more than one batch) still count in "of N".
  const remaining = list.data ? list.data.pagination.total - list.data.data.length : 0;
  const total = scripts.length + Math.max(0, remaining);
  const current = scripts[Math.min(index, scripts.length - 1)];
  const allSaved = scripts.length > 0 && savedCount >= scripts.length && remaining <= 0;

  function go(to: number, keyboard: boolean) {
    setByKeyboard(keyboard);
    setIndex(Math.max(0, Math.min(scripts.length - 1, to)));
  }

  /** The next script not saved yet after `from` (then from the start), or -1. */
  function nextUnsaved(from: number, done: Record<number, SavedScript>): number {
    for (let k = 1; k <= scripts.length; k++) {
      const j = (from + k) % scripts.length;
      if (!done[scripts[j].id]) return j;
    }
    return -1;
  }

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader
        title="Grade Quiz"
        subtitle={quiz ? `${quiz.title} · ${quiz.course.title} · pass mark ${quiz.passingScore}%` : undefined}
        actions={
          <Button variant="default" component={Link} to={`${base}/grade`}>
            Grades Management
          </Button>
        }
      />
      <LateAnswersPanel quizId={quizId} />
      <ListBody
        query={list}
        rows={scripts.length ? scripts : list.data?.data}
        loading={2}
        errorMessage={M.gradesLoadFailed}
        empty={{ title: M.noUngraded }}
        gap="md"
      >
        {() =>
          current ? (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs" component="nav" aria-label="Scripts">
                <Text fw={700} aria-live="polite" data-testid="script-place">
                  Script {index + 1} of {total}
                  <Text span c="dimmed" fw={400} size="sm">
                    {" "}
                    · {savedCount} saved
                  </Text>
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button variant="default" size="xs" disabled={index === 0} onClick={() => go(index - 1, false)}>
                    Previous
                  </Button>
                  <Button variant="default" size="xs" disabled={index >= scripts.length - 1} onClick={() => go(index + 1, false)}>
                    Next
                  </Button>
                </Group>
              </Group>
              {lastSaved && (
                <Alert color="green" variant="light" role="status" data-testid="last-saved" p="xs">
                  Saved {lastSaved.name}: {lastSaved.line}
                </Alert>
              )}
              {allSaved && (
                <Alert color="green" variant="light" role="status" title="All scripts marked">
                  {savedCount === 1 ? "1 script" : `${savedCount} scripts`} saved. Scores are in Grades Management and the students&apos; records.
                </Alert>
              )}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="xs" c="dimmed" style={{ flex: "1 1 240px" }}>
                  Type the marks and press Enter for the next answer; Enter on the last answer saves the script and opens the next.
                </Text>
                <Switch size="sm" label="Only answers to mark" checked={onlyToMark} onChange={(e) => setOnlyToMark(e.currentTarget.checked)} />
              </Group>
              <GradeCard
                key={current.id}
                submission={current}
                place={`Script ${index + 1} of ${total}`}
                saved={saved[current.id] ?? null}
                autoFocus={byKeyboard}
                onlyToMark={onlyToMark}
                onGrade={(g) => grade.mutateAsync({ id: current.id, grade: g })}
                onSaved={(done1, via) => {
                  const done = { ...saved, [current.id]: done1 };
                  setSaved(done);
                  setLastSaved({ name: current.user.name, line: scoreLine(done1.item, done1.totals) });
                  const next = nextUnsaved(index, done);
                  if (next >= 0) go(next, via === "keyboard");
                }}
              />
            </Stack>
          ) : null
        }
      </ListBody>
    </Stack>
  );
}
