import { useEffect, useRef, useState } from "react";
import { Text, VisuallyHidden } from "@mantine/core";
import { formatClock, milestoneCrossed, urgency } from "../lib/clock";
import classes from "./quiz-runner.module.css";

const COLOR = { normal: undefined, warning: "orange.8", danger: "red.8" } as const;

/**
 * A countdown to a deadline on the engine's clock. It redraws itself (not the quiz) and tells screen
 * readers the time only at milestones (10 min, 5 min, 1 min, 30 s, time up), never every second.
 */
export function Countdown({ deadline, now, label, size = "lg" }: { deadline: number; now: () => number; label: string; size?: "lg" | "sm" }) {
  const [remaining, setRemaining] = useState(() => Math.max(0, deadline - now()));
  const [announcement, setAnnouncement] = useState("");
  const prev = useRef<number | null>(null);

  useEffect(() => {
    prev.current = null;
    const tick = () => {
      const r = Math.max(0, deadline - now());
      // Only a change of the shown second re-renders.
      setRemaining((old) => (Math.ceil(old / 1000) === Math.ceil(r / 1000) ? old : r));
      const said = milestoneCrossed(prev.current, r);
      if (said) setAnnouncement(`${label}: ${said}`);
      prev.current = r;
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline, now, label]);

  return (
    <>
      <Text
        component="span"
        role="timer"
        aria-label={label}
        className={size === "lg" ? classes.clock : undefined}
        fw={size === "sm" ? 700 : undefined}
        c={COLOR[urgency(remaining)]}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        {formatClock(remaining)}
      </Text>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
