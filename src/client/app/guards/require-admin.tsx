// The staff portals' styles load with their guard (never on a public page).
import "@/client/staff.css";
import { useEffect, useRef } from "react";
import { Navigate, Outlet, useNavigate } from "react-router";
import { toast } from "@/client/components/ui/toast-store";
import { QueryScope } from "@/client/lib/query-scope";
import { anonymousRedirectPath, useCurrentUser } from "@/client/lib/auth";
import { guardText } from "./text";
import { CheckingLogin, UserLoadFailed } from "./guard-states";

/** A logged-in non-admin is told so and sent to the start page (rules §6). */
function AccessDenied() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({ variant: "destructive", title: guardText.accessDeniedTitle, description: guardText.accessDeniedDescription });
    void navigate("/", { replace: true });
  }, [navigate]);
  return null;
}

/**
 * Guard of every /admin page (loaded lazily with the admin routes): anonymous visitors go to /login,
 * other roles to / with the toast 'Åtkomst nekad' (rules §6, rules D18).
 */
function RequireAdminGate() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isPending) return <CheckingLogin />;
  if (isError) return <UserLoadFailed onRetry={() => void refetch()} />;
  if (!user) return <Navigate to={anonymousRedirectPath()} replace />;
  if (user.role !== "admin") return <AccessDenied />;
  return <Outlet />;
}

/** Provides server state to the portal (lib/query-scope) and guards it. */
export default function RequireAdmin() {
  return (
    <QueryScope>
      <RequireAdminGate />
    </QueryScope>
  );
}
