import { Menu, ThermometerSun, X } from "lucide-react";
import { Suspense, useId, useState, type KeyboardEvent } from "react";
import { Link, NavLink } from "@/client/components/ui/link";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { lazyWithReload } from "@/client/lib/chunk-reload";
import { cn } from "@/client/lib/cn";
import { useSessionUser } from "@/client/lib/session";
import { appText } from "../text";

// Only a logged-in user sees it; it brings TanStack Query and the API client, which "/" does without.
const LogoutButton = lazyWithReload(() => import("./logout-button"));

const text = appText.nav;

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-2 text-base font-medium md:text-sm",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100 hover:text-slate-950",
  );
}

/**
 * Top navigation (rules §2): 'För kunder' always; 'För personal' only when logged out; 'Administration'
 * for admins and 'Tekniker' for technicians (rules §6); a logout button when logged in, otherwise
 * 'Boka service'. On small screens the links collapse behind a toggle and close when one is chosen.
 */
export function SiteHeader() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) setOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white" onKeyDown={onKeyDown}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 px-4 py-2 md:py-3">
        <Link
          to="/"
          onClick={close}
          className="flex items-center gap-2 rounded-md py-2 text-lg font-bold text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <ThermometerSun className="size-6" aria-hidden="true" />
          <span>{appText.brand}</span>
        </Link>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? text.closeMenu : text.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>

        <nav id={menuId} aria-label={text.label} className={cn("w-full md:block md:w-auto", open ? "block" : "hidden")}>
          <ul className="flex flex-col gap-1 border-t border-slate-200 py-3 md:flex-row md:items-center md:gap-1 md:border-0 md:py-0">
            <li>
              <NavLink to="/" end className={navLinkClass} onClick={close}>
                {text.customers}
              </NavLink>
            </li>
            {!user && (
              <li>
                <NavLink to="/login" className={navLinkClass} onClick={close}>
                  {text.staff}
                </NavLink>
              </li>
            )}
            {user?.role === "admin" && (
              <li>
                <NavLink to="/admin" className={navLinkClass} onClick={close}>
                  {text.admin}
                </NavLink>
              </li>
            )}
            {user?.role === "technician" && (
              <li>
                <NavLink to="/technician" className={navLinkClass} onClick={close}>
                  {text.technician}
                </NavLink>
              </li>
            )}
            <li className="pt-2 md:pt-0 md:pl-2">
              {user ? (
                <Suspense
                  fallback={
                    <Button variant="outline" className="w-full md:w-auto" disabled>
                      {text.logout}
                    </Button>
                  }
                >
                  <LogoutButton onLogout={close} />
                </Suspense>
              ) : (
                <Link to="/booking" onClick={close} className={buttonVariants({ className: "w-full md:w-auto" })}>
                  {text.book}
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
