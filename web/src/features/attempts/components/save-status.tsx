import { useEffect, useRef, useState } from "react";
import { Group, Text, VisuallyHidden } from "@mantine/core";
import type { SaveStatus } from "../engine";
import { SAVE_STATUS_TEXT } from "../lib/messages";

const DOT = { saved: "green.7", saving: "blue.7", offline: "orange.8" } as const;

/**
 * "Saved", "Saving…" or "Offline — answers kept on this device". Screen readers hear only going
 * offline and coming back, not every save.
 */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const [said, setSaid] = useState("");
  const prev = useRef(status);
  useEffect(() => {
    if (status === "offline" && prev.current !== "offline") setSaid(SAVE_STATUS_TEXT.offline);
    if (status === "saved" && prev.current === "offline") setSaid("Back online. Answers saved.");
    prev.current = status;
  }, [status]);
  return (
    <Group gap={6} wrap="nowrap" data-testid="save-status" data-status={status}>
      <Text component="span" c={DOT[status]} aria-hidden="true" fz="lg" lh={1}>
        ●
      </Text>
      <Text component="span" size="sm" fw={500} c={status === "offline" ? "orange.9" : undefined}>
        {SAVE_STATUS_TEXT[status]}
      </Text>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </Group>
  );
}
