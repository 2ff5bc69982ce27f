import { z } from "zod";
import { singleLineText } from "./text-fields";
import { hasPasswordCharacterClasses, RoleSchema } from "./auth";
import { PASSWORD_MIN_LENGTH } from "../constants";

// rules §5 Users and passwords, §8 users texts (issue 11).
export const usersText = {
  allRequired: "Alla fält måste fyllas i",
  invalidPasswordTitle: "Ogiltigt lösenord",
  passwordRule: "Lösenordet måste innehålla minst 8 tecken, en stor bokstav, en liten bokstav och en siffra",
  usernameFormat: "Användarnamnet får bara innehålla bokstäver, siffror, punkt, bindestreck och understreck",
  usernameTaken: "Användarnamnet är upptaget. Välj ett annat.",
  cannotDeleteSelf: "Du kan inte ta bort din egen användare",
  lastAdmin: "Det måste finnas minst en administratör. Skapa en ny administratör innan du tar bort den här.",
  userNotFound: "Användaren finns inte längre.",
  tooLong: "För lång text",
  invalidPhone: "Ange ett giltigt telefonnummer",
} as const;

const required = (max: number) => singleLineText({ error: usersText.allRequired }).min(1, usersText.allRequired).max(max, usersText.tooLong);

export const CreateUserSchema = z.object({
  username: required(50).regex(/^[\p{L}\p{N}._-]+$/u, usersText.usernameFormat),
  name: required(100),
  password: z
    .string({ error: usersText.allRequired })
    .min(1, usersText.allRequired)
    .max(200, usersText.tooLong)
    .refine((p) => p.length >= PASSWORD_MIN_LENGTH && hasPasswordCharacterClasses(p), usersText.passwordRule),
  role: RoleSchema.default("technician"),
  /** Shown to customers on their booking page when the technician is assigned (optional). */
  phone: singleLineText()
    .max(30, usersText.tooLong)
    .refine((p) => p === "" || /^\+?[\d\s-]{6,20}$/.test(p), usersText.invalidPhone)
    .optional()
    .transform((p) => p || undefined),
  /** rules D25: a new technician is bookable unless the admin says otherwise (meaningless for an admin). */
  bookable: z.boolean().optional().default(true),
});
export type CreateUser = z.input<typeof CreateUserSchema>;

export const StaffUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: RoleSchema,
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;
export const StaffUserListSchema = z.array(StaffUserSchema);
