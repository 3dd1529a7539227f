import { useState, type FormEvent } from "react";
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { ENROLMENT_MESSAGES, PASSWORD_MIN } from "@adesua/domain/constants";
import type { User } from "@adesua/domain";
import { api, errorText } from "../lib/api";
import { useAuth } from "../lib/auth";

/**
 * The first sign-in with a slip's one-time password: the user chooses their own password here, and
 * sees nothing else until they do (the server refuses every other call meanwhile).
 */
export function ChangePasswordScreen() {
  const { user, logout, updateUser } = useAuth();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  /** What the form found before sending (the server's refusal is the mutation's error). */
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api<User>("/auth/change-password", { method: "POST", body, quiet: true }),
    onSuccess: updateUser,
  });
  const error = invalid ?? (save.error ? errorText(save.error, "Failed to update password") : null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!next) return setInvalid(ENROLMENT_MESSAGES.newPasswordRequired);
    if (next.length < PASSWORD_MIN) return setInvalid(`Password must be at least ${PASSWORD_MIN} characters`);
    if (next !== again) return setInvalid("The two new passwords are not the same");
    setInvalid(null);
    save.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="lg" w="100%" maw={420} component="main">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Title order={1} size="h3">
              Choose your own password
            </Title>
            <Text size="sm">
              {user?.name ? `Welcome, ${user.name}. ` : ""}You signed in with the one-time password from your slip. Choose a password only you know to continue.
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="Password from your slip"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
            />
            <PasswordInput
              label="New password"
              description={`At least ${PASSWORD_MIN} characters`}
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
            />
            <PasswordInput label="New password again" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.currentTarget.value)} />
            <Button type="submit" loading={save.isPending} fullWidth>
              Save password
            </Button>
            <Button variant="subtle" onClick={() => void logout()}>
              Log out
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
