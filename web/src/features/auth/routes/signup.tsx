import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { PasswordInput, Select, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { ROLE_HOME } from "@adesua/domain/rules";
import { PASSWORD_MIN, STUDENT_TYPES, STUDENT_TYPE_LABELS, type StudentType } from "@adesua/domain/constants";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { AuthForm } from "../components/auth-form";

export const SIGNUP_FAILED = "Signup failed";

export function SignupPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: "", email: "", password: "", role: "student" as "student" | "teacher", studentType: "jhs1" as StudentType });
  const [errors, setErrors] = useState<Partial<Record<"name" | "email" | "password", string>>>({});
  const signUp = useMutation({ mutationFn: register, onSuccess: (user) => navigate(ROLE_HOME[user.role], { replace: true }) });
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      name: form.name.trim() ? undefined : "Name is required",
      email: form.email.trim() ? undefined : "Email is required",
      password: !form.password
        ? "Password is required"
        : form.password.length < PASSWORD_MIN
          ? `Password must be at least ${PASSWORD_MIN} characters`
          : undefined,
    };
    setErrors(next);
    if (next.name || next.email || next.password) return;
    signUp.mutate({
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      role: form.role,
      ...(form.role === "student" ? { studentType: form.studentType } : {}),
    });
  }

  return (
    <AuthForm
      title="Create your account"
      subtitle="Students and teachers can sign up here."
      error={signUp.error ? errorText(signUp.error, SIGNUP_FAILED) : null}
      onSubmit={onSubmit}
      submitLabel="Sign up"
      busy={signUp.isPending}
      other={{ question: "Already have an account?", label: "Log in", to: "/login" }}
    >
      <TextInput
        label="Name"
        autoComplete="name"
        required
        value={form.name}
        onChange={(e) => set("name", e.currentTarget.value)}
        error={errors.name}
        autoFocus
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(e) => set("email", e.currentTarget.value)}
        error={errors.email}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        required
        description={`At least ${PASSWORD_MIN} characters`}
        value={form.password}
        onChange={(e) => set("password", e.currentTarget.value)}
        error={errors.password}
      />
      <Select
        label="Role"
        required
        allowDeselect={false}
        data={[
          { value: "student", label: "Student" },
          { value: "teacher", label: "Teacher" },
        ]}
        value={form.role}
        onChange={(v) => v && set("role", v as "student" | "teacher")}
        description={form.role === "teacher" ? "A teacher account waits for your school's administrator to approve it." : undefined}
      />
      {form.role === "student" && (
        <Select
          label="Level"
          required
          allowDeselect={false}
          data={STUDENT_TYPES.map((s) => ({ value: s, label: STUDENT_TYPE_LABELS[s] }))}
          value={form.studentType}
          onChange={(v) => v && set("studentType", v as StudentType)}
        />
      )}
    </AuthForm>
  );
}
