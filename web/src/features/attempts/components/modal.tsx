// Loaded lazily by lazy-modal.tsx, with the confirmations' words: none of it is part of the attempt screen's first load.
import type { ReactNode } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { unansweredSentence } from "../lib/unanswered-sentence";

export { Modal };

export type ConfirmStepsProps = {
  /** Which confirmation is open, if any. */
  confirm: "submit" | "next" | null;
  onStay: () => void;
  onSubmit: () => void;
  onNext: () => void;
  /** 1-based numbers of the unanswered questions: of the whole quiz, and of the current section. */
  unansweredAll: number[];
  unansweredHere: number[];
  /** Names of the sections submitting would leave unstarted. */
  upcoming: string[];
  nextSectionName: string | null;
  sectionName: string | null;
};

/** Submit Quiz? and Next Section?: the steps a student confirms. */
export function ConfirmSteps({ confirm, onStay, onSubmit, onNext, unansweredAll, unansweredHere, upcoming, nextSectionName, sectionName }: ConfirmStepsProps) {
  return (
    <>
      <ConfirmStep opened={confirm === "submit"} onStay={onStay} title="Submit Quiz?" stayLabel="Keep answering" goLabel="Submit Quiz" onGo={onSubmit}>
        <Text data-testid="unanswered-summary">{unansweredSentence(unansweredAll)}</Text>
        {upcoming.length > 0 && (
          <Text size="sm" c="dimmed">
            Submitting ends the quiz: {upcoming.join(", ")} will not be started.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          You cannot change your answers after submitting.
        </Text>
      </ConfirmStep>
      <ConfirmStep
        opened={confirm === "next"}
        onStay={onStay}
        title={nextSectionName ? `Move on to ${nextSectionName}?` : "Next Section?"}
        stayLabel="Stay here"
        goLabel="Next Section"
        onGo={onNext}
      >
        <Text>Your answers to {sectionName ?? "this section"} can no longer change once you move on, and its remaining time is given up.</Text>
        {unansweredHere.length > 0 && <Text size="sm">{unansweredSentence(unansweredHere)}</Text>}
      </ConfirmStep>
    </>
  );
}

/** A step the student confirms (submitting, moving on a section): staying is the focused, safe choice. */
function ConfirmStep({
  opened,
  title,
  stayLabel,
  goLabel,
  onStay,
  onGo,
  children,
}: {
  opened: boolean;
  title: string;
  stayLabel: string;
  goLabel: string;
  onStay: () => void;
  onGo: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {stayLabel}
          </Button>
          <Button
            onClick={() => {
              onStay();
              onGo();
            }}
          >
            {goLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
