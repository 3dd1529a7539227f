import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { PasswordInput, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { ROLE_HOME } from "@adesua/domain/rules";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { AuthForm } from "../components/auth-form";

export const LOGIN_FAILED = "Login failed. Please check your credentials.";

export function LoginPage() {
  const { login, notice, setNotice } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const signIn = useMutation({
    mutationFn: (c: { email: string; password: string }) => login(c.email, c.password),
    onSuccess: (user) => {
      setNotice(null);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from.startsWith(ROLE_HOME[user.role]) ? from : ROLE_HOME[user.role], { replace: true });
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: email.trim() ? undefined : "Email is required", password: password ? undefined : "Password is required" };
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate({ email: email.trim(), password });
  }

  return (
    <AuthForm
      title="Sign in"
      subtitle="Welcome back. Sign in to continue learning."
      notice={notice}
      error={signIn.error ? errorText(signIn.error, LOGIN_FAILED) : null}
      onSubmit={onSubmit}
      submitLabel="Login"
      busy={signIn.isPending}
      other={{ question: "Don't have an account?", label: "Sign up", to: "/signup" }}
    >
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
    </AuthForm>
  );
}
