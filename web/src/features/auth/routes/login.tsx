import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { ROLE_HOME } from "@adesua/domain/rules";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { AuthCard } from "./auth-card";

export const LOGIN_FAILED = "Login failed. Please check your credentials.";

export function LoginPage() {
  const { login, notice, setNotice } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: email.trim() ? undefined : "Email is required", password: password ? undefined : "Password is required" };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    setError(null);
    try {
      const user = await login(email.trim(), password);
      setNotice(null);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from.startsWith(ROLE_HOME[user.role]) ? from : ROLE_HOME[user.role], { replace: true });
    } catch (err) {
      setError(errorText(err, LOGIN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to continue learning.">
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
          <TextInput
            label="Email or sign-in name"
            description="Students enrolled by the school: the sign-in name on your slip"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" loading={busy} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don't have an account?{" "}
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
