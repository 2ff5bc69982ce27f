import { Button } from "@/client/components/ui/button";
import { useLogout } from "@/client/lib/auth";
import { QueryScope } from "@/client/lib/query-scope";
import { appText } from "../text";

const text = appText.nav;

function LogoutButtonInner({ onLogout }: { onLogout: () => void }) {
  const { logout, isPending } = useLogout();
  return (
    <Button
      variant="outline"
      className="w-full md:w-auto"
      disabled={isPending}
      onClick={() => {
        onLogout();
        void logout("/");
      }}
    >
      {isPending ? text.loggingOut : text.logout}
    </Button>
  );
}

/** The header's logout button (rules §2: logged in, a logout button that goes to /). */
export default function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <QueryScope>
      <LogoutButtonInner onLogout={onLogout} />
    </QueryScope>
  );
}
