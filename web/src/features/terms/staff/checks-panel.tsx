import { useState } from "react";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TermClass } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useCheck } from "../api/terms";

type Check = TermClass["classTeacher"];
type Role = "class_teacher" | "head_teacher";

const when = (at: string) => new Date(at).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** "Class teacher: checked by Ama Owusu, 3 Dec 2026, 10:04" or "not checked". */
export function CheckBadge({ label, check }: { label: string; check: Check }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={check ? "green" : "gray"} variant={check ? "filled" : "outline"} size="sm">
        {check ? "✓" : "—"} {label}
      </Badge>
      <Text size="xs" c="dimmed">
        {check ? `${check.by?.name ?? "someone"}, ${when(check.at)}` : "not checked"}
      </Text>
    </Group>
  );
}

const ROLE_TEXT: Record<Role, { label: string; ask: string; undo: string }> = {
  class_teacher: {
    label: "Checked by class teacher",
    ask: "As the class teacher, you confirm that these reports are complete and right.",
    undo: "The class teacher's check is taken back: the reports are no longer released to students or printable.",
  },
  head_teacher: {
    label: "Checked by head teacher",
    ask: "As the head teacher, you confirm these reports. With both checks given they are released to students and may be printed.",
    undo: "The head teacher's check is taken back: the reports are no longer released to students or printable.",
  },
};

/** The class's two checks: each with who and when, a confirmation before checking, and undo (also confirmed). */
export function ChecksPanel({ termId, cls, checks, admin }: { termId: number; cls: string; checks: TermClass | null; admin: boolean }) {
  const check = useCheck(termId);
  const [asking, setAsking] = useState<{ role: Role; undo: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!asking) return;
    setError(null);
    try {
      await check.mutateAsync({ class: cls, role: asking.role, undo: asking.undo });
      notifications.show({ color: "green", message: asking.undo ? "Check taken back" : `${ROLE_TEXT[asking.role].label}: done` });
      setAsking(null);
    } catch (err) {
      setError(errorText(err, "Could not save the check"));
    }
  }

  const row = (role: Role, given: Check, allowed: boolean) => (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid={`check-${role}`}>
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {ROLE_TEXT[role].label}
        </Text>
        <Text size="xs" c={given ? undefined : "dimmed"}>
          {given
            ? `✓ ${given.by?.name ?? "someone"}, ${when(given.at)}`
            : role === "head_teacher" && !admin
              ? "Not yet: the head teacher (an admin) checks"
              : "Not yet"}
        </Text>
      </Stack>
      {allowed &&
        (given ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setAsking({ role, undo: true })} aria-label={`Undo: ${ROLE_TEXT[role].label}`}>
            Undo
          </Button>
        ) : (
          <Button size="xs" color="green" onClick={() => setAsking({ role, undo: false })}>
            {ROLE_TEXT[role].label}
          </Button>
        ))}
    </Group>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="checks-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="checks-title">
            Checks
          </Title>
          <Badge color={checks?.released ? "green" : "gray"} variant="light">
            {checks?.released ? "Released to students" : "Not released"}
          </Badge>
        </Group>
        {row("class_teacher", checks?.classTeacher ?? null, true)}
        {row("head_teacher", checks?.headTeacher ?? null, admin)}
      </Stack>
      <ConfirmDialog
        opened={!!asking}
        title={asking ? (asking.undo ? `Undo: ${ROLE_TEXT[asking.role].label}` : ROLE_TEXT[asking.role].label) : ""}
        message={asking ? (asking.undo ? ROLE_TEXT[asking.role].undo : ROLE_TEXT[asking.role].ask) : ""}
        details={`Class ${cls}`}
        confirmLabel={asking?.undo ? "Take back" : "Confirm check"}
        confirmColor={asking?.undo ? "red" : "green"}
        loading={check.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setAsking(null);
          setError(null);
        }}
      />
    </Paper>
  );
}
