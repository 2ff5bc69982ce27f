import { useId, useRef, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { Link } from "@/client/components/ui/link";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { QueryScope } from "@/client/lib/query-scope";
import { useAdminLogin } from "./api/admin-login";
import { useAdminSession } from "./api/get-admin-session";
import { useDemoAccounts } from "./api/get-public-config";
import { AuthPageFrame } from "./components/auth-page-frame";
import { DemoAccountsHint } from "./components/demo-accounts-hint";
import { PasswordInput } from "./components/password-input";
import { authText } from "./text";

const text = authText.adminLogin;
const TECHNICIAN_ONLY = ["technician"] as const;

/** /admin/login (rules §2 Admin portal login): straight to the dashboard when already an admin. */
function AdminLoginPageContent() {
  const navigate = useNavigate();
  const session = useAdminSession();
  const adminLogin = useAdminLogin();
  const technicianAccounts = useDemoAccounts(TECHNICIAN_ONLY);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const failureToast = useRef<{ dismiss: () => void } | null>(null);
  const ids = useId();
  const errorId = `${ids}-error`;

  if (session.isPending) return <Spinner label={text.checkingSession} />;
  if (session.data) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // rules §5: both fields must be non-empty.
    if (!username.trim() || !password) {
      setError(text.bothRequired);
      return;
    }
    setError(null);
    try {
      await adminLogin.mutateAsync({ username: username.trim(), password });
      // An earlier attempt's error toast would otherwise still stand on the dashboard.
      failureToast.current?.dismiss();
      await navigate("/admin/dashboard");
    } catch (failure) {
      const message = isApiError(failure, 401) ? text.invalidCredentials : errorMessage(failure, text.genericFailure);
      setError(message);
      failureToast.current = toast({ variant: "destructive", title: text.failureTitle, description: message });
    }
  };

  return (
    <AuthPageFrame
      title={text.title}
      description={text.description}
      after={
        <>
          <DemoAccountsHint accounts={technicianAccounts} title={text.technicianHintTitle} intro={text.technicianHintText} />
          <Link
            to="/login"
            className="self-start rounded-md text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {text.toStaffLogin}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-username`}>{authText.fields.username}</Label>
          <Input
            id={`${ids}-username`}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-password`}>{authText.fields.password}</Label>
          <PasswordInput
            id={`${ids}-password`}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={adminLogin.isPending}>
          {adminLogin.isPending ? text.submitting : text.submit}
        </Button>
      </form>
    </AuthPageFrame>
  );
}

export default function AdminLoginPage() {
  return (
    <QueryScope>
      <AdminLoginPageContent />
    </QueryScope>
  );
}
