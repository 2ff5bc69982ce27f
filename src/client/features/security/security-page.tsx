import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { useCurrentUser } from "@/client/lib/auth";
import { ChangePasswordSchema, type ChangePassword } from "@/common/schemas/auth";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useChangePassword } from "./api/change-password";
import { safeReturnPath } from "./return-path";
import { securityText as text } from "./text";

const EMPTY: ChangePassword = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * /admin/security and /technician/security (rules §2 Security, §5): change one's own password with
 * the requirements shown; the server checks the current password, refuses ones easy to guess and ends the
 * user's other sessions. Afterwards the user goes to `?return=` when it is a path on this site.
 */
export default function SecurityPage() {
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fallback = user?.role === "technician" ? "/technician" : "/admin/dashboard?tab=settings";
  const returnTo = safeReturnPath(searchParams.get("return"), fallback);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ChangePassword>({ defaultValues: EMPTY, resolver: zodResolver(ChangePasswordSchema) });

  useDocumentTitle(text.title);

  const onSubmit = (input: ChangePassword) =>
    change.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        toast({ title: text.toasts.changed, description: text.toasts.changedDescription });
        void navigate(returnTo);
      },
      onError: (error) => {
        toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.failed) });
        setFocus("currentPassword");
      },
    });

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-8 sm:py-10">
      <Link to={returnTo} className="justify-self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        {text.back}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.heading}</h1>
        <p className="mt-1 text-slate-600">{text.intro}</p>
      </div>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        {/* Password managers pair the new password with this account. */}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ""} readOnly hidden />
        <TextField
          id="current-password"
          type="password"
          label={text.currentPassword}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <TextField
          id="new-password"
          type="password"
          label={text.newPassword}
          autoComplete="new-password"
          aria-describedby="password-requirements"
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <div id="password-requirements" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{text.requirementsTitle}</p>
          <ul className="mt-1 grid gap-0.5">
            {text.requirements.map((rule) => (
              <li key={rule} className="flex items-center gap-2">
                <Check className="size-4 text-brand-700" aria-hidden="true" />
                {rule}
              </li>
            ))}
          </ul>
          <p className="mt-2">{text.requirementsNote}</p>
        </div>
        <TextField
          id="confirm-password"
          type="password"
          label={text.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {change.isPending ? text.submitting : text.submit}
        </Button>
      </form>
    </div>
  );
}
