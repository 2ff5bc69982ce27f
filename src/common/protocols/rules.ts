import type { ProtocolStatus, REFRIGERANT_TYPES } from "@/common/constants";
import { LEAK_CHECK_THRESHOLD_TONNES, co2eTonnes } from "@/common/refrigerant";

// Installation protocol rules shared by the technician's form, the customer's signing page and the
// server (rules §4 installation protocol status, §5 installation protocol; rules D21 F-gas).

// The GWPs and the leak-check threshold are the refrigerant register's (src/common/refrigerant/fgas-rules.ts),
// so a protocol and the register give a unit the same CO2e and the same duty.

/** The refrigerants an installation protocol offers, a subset of the register's. */
export type Refrigerant = (typeof REFRIGERANT_TYPES)[number];

/**
 * The charge in tonnes CO2-equivalent, three decimals rounded down (the register's co2eTonnes); null
 * without a valid amount.
 */
export function co2Equivalent(refrigerant: Refrigerant, amountKg: number | null | undefined): number | null {
  if (amountKg === null || amountKg === undefined || !Number.isFinite(amountKg) || amountKg < 0) return null;
  return co2eTonnes(refrigerant, amountKg);
}

/**
 * From 5 t CO2e periodic leak checks are required (EU F-gas regulation). Comparing the rounded-down
 * figure gives the same answer as the exact value, since the threshold is a whole tonne.
 */
export function leakChecksRequired(tonnes: number | null): boolean {
  return tonnes !== null && tonnes >= LEAK_CHECK_THRESHOLD_TONNES;
}

/** "1,688 ton CO2e" in Swedish notation. */
export function formatTonnes(tonnes: number): string {
  return `${tonnes.toLocaleString("sv-SE", { minimumFractionDigits: 3, maximumFractionDigits: 3 })} ton CO2e`;
}

type Signatures = { technicianSignature: string | null; customerSignature: string | null };

/**
 * rules §4: finishing needs the technician's signature and makes the protocol fully signed when the
 * customer signed on the spot, else technician-signed (waiting for the customer). Null: cannot finish.
 */
export function statusWhenFinished(protocol: Signatures): ProtocolStatus | null {
  if (!protocol.technicianSignature) return null;
  return protocol.customerSignature ? "fully-signed" : "technician-signed";
}

/** rules §4: the customer may sign only when the technician has signed and the customer has not. */
export function customerMaySign(protocol: Signatures): boolean {
  return Boolean(protocol.technicianSignature) && !protocol.customerSignature;
}

/** rules §4: the signing link is offered only while the protocol waits for the customer. */
export function signingLinkAvailable(status: ProtocolStatus): boolean {
  return status === "technician-signed";
}

/** rules §3 boolean groups, in the order the form and the customer's page show them, with Swedish labels. */
export const CHECKLIST_GROUPS = {
  installedItems: { title: "Installerade komponenter", items: { heatPump: "Värmepump", pipes: "Rör", accessories: "Tillbehör", electrical: "Elanslutning" } },
  preInstallationChecks: {
    title: "Kontroller före installation",
    items: {
      electricalConnection: "Elanslutning kontrollerad",
      drainageSystem: "Dränering kontrollerad",
      mountingLocation: "Monteringsplats kontrollerad",
      refrigerantLines: "Köldmedieledningar kontrollerade",
      toolsAndMaterials: "Verktyg och material på plats",
    },
  },
  installationSteps: {
    title: "Installationssteg",
    items: {
      indoorUnitMounted: "Innedel monterad",
      outdoorUnitMounted: "Utedel monterad",
      refrigerantLinesConnected: "Köldmedieledningar anslutna",
      electricalConnectionsCompleted: "Elanslutningar klara",
      drainageConnected: "Dränering ansluten",
      systemTested: "Systemet testat",
    },
  },
  technicalChecks: {
    title: "Tekniska kontroller",
    items: {
      pressureTest: "Tryckprov",
      insulationMeasurement: "Isolationsmätning",
      testRun: "Provkörning",
      refrigerantAmount: "Köldmediemängd kontrollerad",
      operatingValues: "Driftvärden kontrollerade",
    },
  },
  electricalTests: {
    title: "Elektriska tester",
    items: { voltageTest: "Spänning", currentTest: "Ström", groundingTest: "Jordning", insulationTest: "Isolation" },
  },
  pressureTests: { title: "Trycktester", items: { vacuumTest: "Vakuumtest", pressureTest: "Tryckprov", leakageTest: "Läcksökning" } },
  performanceTests: { title: "Funktionstester", items: { heatingTest: "Värme", coolingTest: "Kyla", defrostTest: "Avfrostning", noiseTest: "Ljudnivå" } },
  safetyChecks: {
    title: "Säkerhetskontroller",
    items: { emergencyShutoff: "Nödstopp", safetyValves: "Säkerhetsventiler", warningLabels: "Varningsskyltar", operatingInstructions: "Driftinstruktioner" },
  },
  handover: {
    title: "Överlämning",
    items: {
      manuals: "Manualer",
      warrantyDocuments: "Garantidokument",
      settingsReview: "Genomgång av inställningar",
      maintenanceReview: "Genomgång av skötsel",
    },
  },
  customerHandover: {
    title: "Överlämning till kund",
    items: {
      operatingInstructionsProvided: "Bruksanvisning överlämnad",
      warrantyInformationProvided: "Garantiinformation överlämnad",
      maintenanceScheduleProvided: "Serviceschema överlämnat",
      customerTrainingCompleted: "Kunden har fått en genomgång",
      customerSatisfied: "Kunden är nöjd",
    },
  },
} as const;

export type ChecklistGroupKey = keyof typeof CHECKLIST_GROUPS;
export type Checklist = Partial<Record<string, boolean>>;

/** 'Markera alla' when anything is unticked, else 'Avmarkera alla' (rules §2), and what the toggle leads to. */
export function toggleAll(group: ChecklistGroupKey, current: Checklist): { label: "Markera alla" | "Avmarkera alla"; next: Record<string, boolean> } {
  const keys = Object.keys(CHECKLIST_GROUPS[group].items);
  const allTicked = keys.every((key) => current[key] === true);
  return { label: allTicked ? "Avmarkera alla" : "Markera alla", next: Object.fromEntries(keys.map((key) => [key, !allTicked])) };
}
