import { useEffect, useState } from "react";
import { Autocomplete, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { User } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormDialog } from "@/components/form-dialog";
import { useGuardians, useSaveGuardians } from "../api/guardians";
import { checkGuardians, draftsOf, EMPTY_GUARDIAN, phoneAsSent, type GuardianDraft, type GuardianErrors } from "./guardian-rows";

const RELATIONSHIPS = ["Mother", "Father", "Aunt", "Uncle", "Grandmother", "Grandfather", "Sister", "Brother", "Guardian"];

function GuardianFields({
  n,
  g,
  errors,
  onChange,
  onRemove,
}: {
  n: number;
  g: GuardianDraft;
  errors: GuardianErrors;
  onChange: (g: GuardianDraft) => void;
  onRemove: () => void;
}) {
  const sent = phoneAsSent(g.phone);
  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" style={{ margin: 0 }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text component="legend" fw={600} style={{ padding: 0 }}>
            Guardian {n}
          </Text>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove guardian ${n}`}>
            Remove
          </Button>
        </Group>
        <TextInput label="Name" value={g.name} maxLength={120} onChange={(e) => onChange({ ...g, name: e.currentTarget.value })} error={errors.name} />
        <Autocomplete
          label="Relationship"
          placeholder="Mother, Father, Aunt, …"
          data={RELATIONSHIPS}
          value={g.relationship}
          maxLength={40}
          onChange={(relationship) => onChange({ ...g, relationship })}
          error={errors.relationship}
        />
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          placeholder="024 123 4567"
          value={g.phone}
          maxLength={30}
          onChange={(e) => onChange({ ...g, phone: e.currentTarget.value })}
          error={errors.phone}
          description={sent && !errors.phone ? `Messages go to ${sent}` : "A Ghanaian number (024 123 4567) or one with its country code (+233 …)"}
        />
      </Stack>
    </Paper>
  );
}

/** A student's guardians (at most two), who receive the results by text message when they are released (issue 28). */
export function GuardiansDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const id = user?.id ?? null;
  const guardians = useGuardians(id);
  const save = useSaveGuardians();
  const [drafts, setDrafts] = useState<GuardianDraft[]>([{ ...EMPTY_GUARDIAN }]);
  const [errors, setErrors] = useState<GuardianErrors[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setErrors([]);
    setError(null);
    save.reset();
    if (guardians.data) setDrafts(draftsOf(guardians.data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another student's guardians arrive, not on every save state
  }, [id, guardians.data]);

  const change = (i: number, g: GuardianDraft) => {
    setDrafts((d) => d.map((x, k) => (k === i ? g : x)));
    if (errors[i]) setErrors((e) => e.map((x, k) => (k === i ? {} : x)));
  };

  async function submit() {
    if (!user) return;
    const check = checkGuardians(drafts);
    setErrors(check.errors);
    if (!check.guardians) {
      setError("Correct the fields marked in red");
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: user.id, guardians: check.guardians });
      notifications.show({
        color: "green",
        message: saved.length === 0 ? `${user.name} has no guardians now` : `Saved ${saved.length === 1 ? "1 guardian" : "2 guardians"} of ${user.name}`,
      });
      onClose();
    } catch (err) {
      setError(errorText(err, "Could not save the guardians"));
    }
  }

  return (
    <FormDialog
      opened={!!user}
      onClose={onClose}
      title={user ? `Guardians of ${user.name}` : "Guardians"}
      onSubmit={() => void submit()}
      error={error}
      errorAt="start"
      submitLabel="Save guardians"
      busy={save.isPending}
    >
      <Text size="sm" c="dimmed">
        Up to two. When results are released, each guardian can receive them by text message.
      </Text>
      {guardians.isPending ? (
        <Skeleton height={180} />
      ) : guardians.isError ? (
        <Text c="red" role="alert">
          {errorText(guardians.error, "Could not load the guardians")}
        </Text>
      ) : (
        <>
          {drafts.map((g, i) => (
            <GuardianFields
              key={i}
              n={i + 1}
              g={g}
              errors={errors[i] ?? {}}
              onChange={(x) => change(i, x)}
              onRemove={() => {
                setDrafts((d) => d.filter((_, k) => k !== i));
                setErrors((e) => e.filter((_, k) => k !== i));
              }}
            />
          ))}
          {drafts.length < 2 && (
            <Group>
              <Button variant="light" size="sm" onClick={() => setDrafts((d) => [...d, { ...EMPTY_GUARDIAN }])}>
                {drafts.length === 0 ? "Add a guardian" : "Add a second guardian"}
              </Button>
            </Group>
          )}
        </>
      )}
    </FormDialog>
  );
}
