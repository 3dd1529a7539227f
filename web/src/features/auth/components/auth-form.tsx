import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from "@mantine/core";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Text fw={800} c="green.8" size="xl">
              Adesua
            </Text>
            <Title order={1} size="h3" mt={4}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * Sign in and sign up: the card with a notice (e.g. why the last session ended, hidden while an error shows), the
 * form's error, its fields, a full-width submit button, and the link to the other form below.
 */
export function AuthForm({
  title,
  subtitle,
  notice,
  error,
  onSubmit,
  submitLabel,
  busy,
  other,
  children,
}: {
  title: string;
  subtitle: string;
  notice?: string | null;
  error: string | null;
  onSubmit: (e: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  /** The line below the form: "Don't have an account? Sign up". */
  other: { question: string; label: string; to: string };
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {notice && !error && (
        <Alert color="orange" role="alert">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <Button type="submit" loading={busy} fullWidth>
            {submitLabel}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {other.question}{" "}
        <Anchor component={Link} to={other.to}>
          {other.label}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
