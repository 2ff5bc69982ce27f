import { plural } from "@/common/format";
// Swedish texts of backups and restores (docs/decisions/0010-backups.md): what `npm run backup` and
// `npm run restore` print, and the reasons a backup run records. Never a password.

import { formatBackupSize as size } from "@/common/schemas/backups";

export const backupText = {
  backupUsage: "Användning: npm run backup -- <fil>",
  restoreUsage: "Användning: npm run restore -- <fil> [--force]",
  fileExists: (path: string) => `Filen ${path} finns redan. Välj ett annat namn; en befintlig säkerhetskopia skrivs aldrig över.`,
  cannotRead: (path: string, reason: string) => `Kunde inte läsa ${path} (${reason}).`,
  notABackup: (path: string) => `${path} är ingen säkerhetskopia från Värmepumpsservice.`,
  damaged: (path: string) => `${path} är skadad eller ofullständig (storleken eller kontrollsumman stämmer inte). Använd en annan säkerhetskopia.`,
  toolMissing: (tool: string) =>
    `${tool} finns inte på den här datorn. Installera PostgreSQL:s klientprogram (paketet postgresql-client) i samma huvudversion som databasservern eller nyare.`,
  toolFailed: (tool: string, said: string) => `${tool} misslyckades: ${said}`,
  cannotWrite: (folder: string, reason: string) => `Kunde inte skriva säkerhetskopian i ${folder} (${reason}).`,
  created: (path: string, bytes: number) => `Säkerhetskopian skrevs till ${path} (${size(bytes)}).`,
  viaServer: "Den körande servern tog säkerhetskopian (datamappen är dess).",
  serverFailed: (message: string) => `Servern kunde inte ta säkerhetskopian: ${message}`,
  serverWithoutControl: (dataDir: string) =>
    `Datamappen ${dataDir} används av en körande server som inte svarar på kontrollsocketen (${dataDir}/control/server.sock). ` +
    "Uppdatera och starta om servern, eller stoppa den och kör kommandot igen.",
  socketPathTooLong: (path: string) =>
    `Kontrollsocketen ${path} har en för lång sökväg för operativsystemet; använd en kortare DATA_DIR för att kunna säkerhetskopiera medan servern körs.`,
  // Restore
  wrongKindEmbedded: (path: string) =>
    `${path} är en säkerhetskopia av den inbyggda databasen. Återställ den utan DATABASE_URL, med DATA_DIR satt till en tom mapp.`,
  wrongKindPostgres: (path: string) => `${path} är en säkerhetskopia av en PostgreSQL-server. Återställ den med DATABASE_URL satt till en tom databas.`,
  newerSchema: (theirs: number, ours: number) =>
    `Säkerhetskopian kommer från en nyare version av appen (${theirs} databasmigreringar, den här versionen känner till ${ours}). Uppdatera appen och försök igen.`,
  otherPostgresMajor: (theirs: string, ours: string) =>
    `Säkerhetskopian är från den inbyggda databasen med PostgreSQL ${theirs}, den här versionen av appen har PostgreSQL ${ours}. Återställ den med samma version av appen som tog den.`,
  dataDirNotEmpty: (dataDir: string) =>
    `Datamappen ${dataDir} innehåller redan en databas. Återställ till en tom datamapp (sätt DATA_DIR), eller lägg till --force för att flytta den befintliga databasen åt sidan först.`,
  movedAside: (from: string, to: string) => `Den befintliga databasen ${from} flyttades till ${to}; ta bort den när återställningen är kontrollerad.`,
  dataDirInUse: (dataDir: string) => `Datamappen ${dataDir} används av en körande server. Stoppa servern innan du återställer.`,
  databaseNotEmpty: (shown: string) =>
    `Databasen ${shown} är inte tom. Återställ till en ny, tom databas (CREATE DATABASE), eller lägg till --force för att först ta bort allt i schemana public, drizzle och pgboss i den.`,
  databaseInUse: (shown: string, sessions: number) =>
    `${sessions} andra anslutningar använder databasen ${shown}. Stoppa appen (alla instanser) innan du återställer.`,
  forceCleared: (shown: string) => `--force: allt i schemana public, drizzle och pgboss i ${shown} togs bort före återställningen.`,
  restored: (createdAt: string, target: string) => `Säkerhetskopian från ${createdAt} är återställd till ${target}.`,
  held: (count: number) =>
    count === 0
      ? "Inga köade e-post fanns i säkerhetskopian."
      : `${plural(count, "köat e-postmeddelande hålls", "köade e-postmeddelanden hålls")} kvar: ${count === 1 ? "det skickas först när en administratör släpper det" : "de skickas först när en administratör släpper dem"} under Inställningar → Integrationer.`,
} as const;
