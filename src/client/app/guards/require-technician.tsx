// The staff portals' styles load with their guard (never on a public page).
import "@/client/staff.css";
import { useEffect, useRef } from "react";
import { Navigate, Outlet } from "react-router";
import { QueryScope } from "@/client/lib/query-scope";
import { anonymousRedirectPath, useCurrentUser, useLogout } from "@/client/lib/auth";
import { CheckingLogin, UserLoadFailed } from "./guard-states";

const STAFF_ROLES: readonly string[] = ["technician", "admin"];

/** A session with a role that may not use the portal is ended (rules §6). */
function LogoutToLogin() {
  const { logout } = useLogout();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void logout("/login");
  }, [logout]);
  return <CheckingLogin />;
}

/**
 * Guard of every /technician page (loaded lazily with the technician routes): a login is needed
 * (anonymous: /login); technicians and admins may enter (rules §6: admin may use technician pages).
 */
function RequireTechnicianGate() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isPending) return <CheckingLogin />;
  if (isError) return <UserLoadFailed onRetry={() => void refetch()} />;
  if (!user) return <Navigate to={anonymousRedirectPath()} replace />;
  if (!STAFF_ROLES.includes(user.role)) return <LogoutToLogin />;
  return <Outlet />;
}

/** Provides server state to the portal (lib/query-scope) and guards it. */
export default function RequireTechnician() {
  return (
    <QueryScope>
      <RequireTechnicianGate />
    </QueryScope>
  );
}
