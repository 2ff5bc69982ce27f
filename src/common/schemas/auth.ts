import { z } from "zod";
import { PASSWORD_MIN_LENGTH, ROLES } from "../constants";

// rules §5 Login and Users and passwords: the messages are the ones the forms show.
export const authText = {
  usernameRequired: "Användarnamn krävs",
  passwordRequired: "Lösenord krävs",
  bothRequired: "Användarnamn och lösenord krävs",
  currentPasswordRequired: "Nuvarande lösenord krävs",
  passwordTooShort: "Lösenordet måste vara minst 8 tecken",
  passwordCharacterClasses: "Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra",
  passwordRule: "Lösenordet måste innehålla minst 8 tecken, en stor bokstav, en liten bokstav och en siffra",
  passwordTooLong: "Lösenordet får vara högst 200 tecken",
  passwordsDiffer: "Lösenorden matchar inte",
  invalidRole: "Ogiltig roll",
} as const;

/** Upper case, lower case and a digit (Swedish letters count as letters). */
export function hasPasswordCharacterClasses(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\d/.test(password);
}

export const RoleSchema = z.enum(ROLES, { error: authText.invalidRole });

export const LoginSchema = z.object({
  username: z.string({ error: authText.usernameRequired }).trim().min(1, authText.usernameRequired).max(100),
  password: z.string({ error: authText.passwordRequired }).min(1, authText.passwordRequired).max(200),
  role: RoleSchema.default("technician"),
});
export type Login = z.infer<typeof LoginSchema>;

export const AdminLoginSchema = z.object({
  username: z.string({ error: authText.bothRequired }).trim().min(1, authText.bothRequired).max(100),
  password: z.string({ error: authText.bothRequired }).min(1, authText.bothRequired).max(200),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;

export const NewPasswordSchema = z
  .string({ error: authText.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, authText.passwordTooShort)
  .max(200, authText.passwordTooLong)
  .refine(hasPasswordCharacterClasses, authText.passwordCharacterClasses);

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: authText.currentPasswordRequired }).min(1, authText.currentPasswordRequired).max(200),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ error: authText.passwordsDiffer }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: authText.passwordsDiffer, path: ["confirmPassword"] });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const UserSchema = z.object({ id: z.number(), name: z.string(), username: z.string(), role: RoleSchema });
export type User = z.infer<typeof UserSchema>;

/** Answer of GET /api/public/config: the demo accounts are listed only while demo data is on (rules D19). */
export const PublicConfigSchema = z.object({
  demo: z.boolean(),
  demoAccounts: z.array(z.object({ role: RoleSchema, username: z.string(), password: z.string(), name: z.string() })),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
