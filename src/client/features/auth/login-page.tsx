import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { FieldError, Label } from "@/client/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { homePathFor, useLogin } from "@/client/lib/auth";
import { QueryScope } from "@/client/lib/query-scope";
import type { Role } from "@/common/constants";
import { authText as schemaText } from "@/common/schemas/auth";
import { useDemoAccounts } from "./api/get-public-config";
import { AuthPageFrame } from "./components/auth-page-frame";
import { DemoAccountsHint } from "./components/demo-accounts-hint";
import { PasswordInput } from "./components/password-input";
import { authText } from "./text";

const text = authText.login;

// rules §5 Login: both fields required, with the shared Swedish messages.
const loginFormSchema = z.object({
  username: z.string().trim().min(1, schemaText.usernameRequired),
  password: z.string().min(1, schemaText.passwordRequired),
});
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormValues = z.output<typeof loginFormSchema>;

function isRole(value: unknown): value is Role {
  return value === "admin" || value === "technician";
}

/**
 * /login (rules §2): role tabs sharing one form; the chosen tab's role is sent with the credentials
 * (rules D17). The landing page is chosen by the role the server answers with.
 */
function LoginPageContent() {
  const navigate = useNavigate();
  const location = useLocation();
  const requestedRole = (location.state as { role?: unknown } | null)?.role;
  const [role, setRole] = useState<Role>(isRole(requestedRole) ? requestedRole : "technician");
  const [serverError, setServerError] = useState<string | null>(null);
  const failureToast = useRef<{ dismiss: () => void } | null>(null);
  const login = useLogin();
  const demoAccounts = useDemoAccounts();
  const ids = useId();

  const form = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const user = await login.mutateAsync({ ...values, role });
      // The welcome replaces an earlier attempt's error toast; should it not show, the error still goes.
      failureToast.current?.dismiss();
      toast({ title: text.successTitle, description: text.welcome(user.name) });
      await navigate(homePathFor(user));
    } catch (error) {
      const message = errorMessage(error, text.failureFallback);
      setServerError(message);
      failureToast.current = toast({ variant: "destructive", title: text.failureTitle, description: message });
    }
  });

  const usernameErrorId = `${ids}-username-error`;
  const passwordErrorId = `${ids}-password-error`;

  return (
    <AuthPageFrame title={text.title} description={text.description} after={<DemoAccountsHint accounts={demoAccounts} />}>
      <Tabs
        value={role}
        onValueChange={(value) => {
          if (!isRole(value)) return;
          setRole(value);
          setServerError(null);
        }}
      >
        <TabsList aria-label={text.tabsLabel}>
          <TabsTrigger value="technician">{text.tabs.technician}</TabsTrigger>
          <TabsTrigger value="admin">{text.tabs.admin}</TabsTrigger>
        </TabsList>
        {/* One panel whose value follows the tab: both tabs share the same form and its state. */}
        <TabsContent value={role}>
          <p className="mb-4 text-sm text-slate-700">{text.tabHints[role]}</p>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-username`}>{authText.fields.username}</Label>
              <Input
                id={`${ids}-username`}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? usernameErrorId : undefined}
                {...form.register("username")}
              />
              <FieldError id={usernameErrorId}>{errors.username?.message}</FieldError>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-password`}>{authText.fields.password}</Label>
              <PasswordInput
                id={`${ids}-password`}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? passwordErrorId : undefined}
                {...form.register("password")}
              />
              <FieldError id={passwordErrorId}>{errors.password?.message}</FieldError>
            </div>
            {serverError && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
                {serverError}
              </p>
            )}
            <Button type="submit" size="lg" disabled={login.isPending}>
              {login.isPending ? text.submitting : text.submit}
            </Button>
          </form>
        </TabsContent>
      </Tabs>
    </AuthPageFrame>
  );
}

export default function LoginPage() {
  return (
    <QueryScope>
      <LoginPageContent />
    </QueryScope>
  );
}
