import { Button, Paper, Stack, Text } from "@mantine/core";
import { draftFromWire } from "@/components/forms/question-editor/question-body";
import type { BankQuestion as StaffBankQuestion } from "@adesua/domain";
import type { BankQuestion } from "../api/bank";
import { DraftQuizFields, useDraftQuizForm } from "./draft-quiz-form";

/**
 * "Use in a quiz": the chosen bank questions become a new quiz (createDraftQuiz) with the window and
 * limits set here, as a draft (issue 24 §3); then the quiz's page, where Publish is.
 */
export function UseInQuiz({ selected, base }: { selected: BankQuestion[]; base: string }) {
  const draft = useDraftQuizForm(base);
  const create = () =>
    draft.create(
      // Staff read the bank with every type's key (domain BankQuestion); the list's type is the student's.
      selected.map((q) => draftFromWire(q as unknown as StaffBankQuestion)),
      selected.length === 0 ? "Choose at least one question" : undefined,
    );

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>Use in a quiz ({selected.length} selected)</Text>
        <DraftQuizFields form={draft} titleLabel="Quiz title" />
        <Button onClick={create} loading={draft.creating.isPending} disabled={selected.length === 0}>
          Use in a quiz
        </Button>
      </Stack>
    </Paper>
  );
}
