import { randomBytes } from "node:crypto";
import { addDays, todayIn } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { hashPassword } from "../modules/auth/passwords";
import { bookingContactOf } from "../modules/bookings/bookings.repository";
import { linkExpiry, newLinkToken } from "../modules/bookings/customer-link";
import type { Db } from "./client";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { planDemoCalendar, seededRandom } from "./demo-bookings";
import * as s from "./schema";

// Realistic Swedish demo data (rules D19), placed relative to today so every staff screen looks
// alive; the calendar itself obeys every booking rule (demo-bookings.ts).
const CUSTOMERS = [
  ["Lars Andersson", "lars.andersson@exempel.se", "070-123 45 67", "Storgatan 12", "Uppsala", "753 20"],
  ["Maria Karlsson", "maria.karlsson@exempel.se", "073-234 56 78", "Björkvägen 4", "Täby", "183 62"],
  ["Johan Nilsson", "johan.nilsson@exempel.se", "076-345 67 89", "Ekbacken 9", "Nacka", "131 40"],
  ["Karin Eriksson", "karin.eriksson@exempel.se", "070-456 78 90", "Tallstigen 22", "Södertälje", "151 38"],
  ["Per Larsson", "per.larsson@exempel.se", "072-567 89 01", "Sjövägen 3", "Västerås", "722 14"],
  ["Eva Olsson", "eva.olsson@exempel.se", "070-678 90 12", "Granvägen 17", "Solna", "171 64"],
  ["Anders Persson", "anders.persson@exempel.se", "073-789 01 23", "Lindgatan 8", "Sundbyberg", "172 68"],
  ["Birgitta Svensson", "birgitta.svensson@exempel.se", "076-890 12 34", "Kvarnvägen 31", "Järfälla", "175 45"],
  ["Mikael Gustafsson", "mikael.gustafsson@exempel.se", "070-901 23 45", "Hagagatan 5", "Uppsala", "754 31"],
  ["Ingrid Pettersson", "ingrid.pettersson@exempel.se", "072-012 34 56", "Skogsbrynet 2", "Norrtälje", "761 41"],
  ["Fredrik Jonsson", "fredrik.jonsson@exempel.se", "070-112 23 34", "Ängsvägen 19", "Huddinge", "141 46"],
  ["Sofia Lindberg", "sofia.lindberg@exempel.se", "073-223 34 45", "Parkvägen 7", "Lidingö", "181 31"],
  ["Henrik Magnusson", "henrik.magnusson@exempel.se", "076-334 45 56", "Bergsgatan 14", "Enköping", "745 31"],
  ["Annika Berg", "annika.berg@exempel.se", "070-445 56 67", "Vallmovägen 6", "Märsta", "195 51"],
  ["Olof Axelsson", "olof.axelsson@exempel.se", "072-556 67 78", "Furuvägen 28", "Västerås", "723 48"],
  ["Lena Holm", "lena.holm@exempel.se", "073-667 78 89", "Rosenlundsgatan 11", "Stockholm", "118 53"],
] as const;

const PUMPS = [
  ["Toshiba", "Haori", "luftvärmepump"],
  ["Toshiba", "Daiseikai 10", "luftvärmepump"],
  ["Toshiba", "Shorai Edge", "luftvärmepump"],
  ["Panasonic", "Flagship", "luftvärmepump"],
  ["Panasonic", "LZ", "luftvärmepump"],
  ["Nibe", "F2120", "vattenvärmepump"],
  ["Nibe", "S1255", "bergvärmepump"],
  ["Qvantum", "QG 10", "bergvärmepump"],
  ["Samsung", "EHS Mono", "vattenvärmepump"],
] as const;

const DESCRIPTIONS: Record<ServiceType, string[]> = {
  service: ["Årlig service av luftvärmepumpen, filtren behöver rengöras.", "Service inför vintern, pumpen låter mer än vanligt."],
  installation: ["Flytt av befintlig luft/luft-pump från garaget till vardagsrummet.", "Installation av ny luftvärmepump i nybyggt fritidshus."],
  troubleshooting: ["Pumpen visar felkod E5 och blåser kall luft.", "Utedelen isar igen och värmen räcker inte till."],
  hembesok: ["Vill ha råd om vilken värmepump som passar vårt hus på 140 kvm.", "Funderar på bergvärme, vill ha ett hembesök."],
};

export async function seedDemoData(db: Db, now = new Date()) {
  const rand = seededRandom(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const today = todayIn(now);

  // rules D25: the demo company starts with nobody bookable, so it has capacity one (one calendar
  // for the company, as before technicians had calendars); an admin switches Erik and Sara on at
  // /admin/technicians to book them one visit each at a time.
  // One after the other: the first-run data is written in one transaction, whose one connection
  // takes one query at a time (test-support/no-queued-queries.ts).
  const accounts: (typeof s.users.$inferSelect)[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const [account] = await db
      .insert(s.users)
      .values({ username: a.username, password: await hashPassword(a.password), name: a.name, role: a.role, phone: "070-555 12 34", bookable: false })
      .returning();
    accounts.push(account);
  }
  const [admin, tech] = accounts;
  const [tech2] = await db
    .insert(s.users)
    .values({
      username: "sara",
      password: await hashPassword("Tekniker1234"),
      name: "Sara Nilsson",
      role: "technician",
      phone: "070-555 98 76",
      bookable: false,
    })
    .returning();
  const technicians = [tech, tech2];

  const customers = await db
    .insert(s.customers)
    .values(CUSTOMERS.map(([name, email, phone, address, city, postalCode]) => ({ name, email, phone, address, city, postalCode })))
    .returning();

  const products = await db
    .insert(s.products)
    .values(
      customers.map((c, i) => {
        const [brand, model, type] = PUMPS[i % PUMPS.length];
        const installDate = addDays(today, -(120 + Math.floor(rand() * 1400)));
        return {
          customerId: c.id,
          brand,
          model,
          type,
          serialNumber: `${brand.slice(0, 3).toUpperCase()}-${100000 + i * 7919}`,
          installDate,
          warrantyEnd: addDays(installDate, 5 * 365),
        };
      }),
    )
    .returning();

  // Bookings from 45 days back to 60 days ahead, made under the rules a real booking is made under.
  const calendar = planDemoCalendar(now);
  const rows: (typeof s.bookings.$inferInsert)[] = calendar.bookings.map((b) => {
    const customer = customers[b.customerIndex % customers.length];
    const product = products[b.customerIndex % products.length];
    return {
      customerId: customer.id,
      ...bookingContactOf(customer),
      productId: product.id,
      serviceType: b.serviceType,
      description: pick(DESCRIPTIONS[b.serviceType]),
      heatpumpModel: b.serviceType === "hembesok" ? null : `${product.brand} ${product.model}`,
      date: b.date,
      timeSlot: b.timeSlot,
      startTime: b.startTime,
      endTime: b.endTime,
      status: b.status,
      assignedTechnicianId: b.technicianIndex === null ? null : technicians[b.technicianIndex].id,
      createdAt: b.createdAt,
    };
  });
  const bookings = rows.length > 0 ? await db.insert(s.bookings).values(rows).returning() : [];
  // Their history says who made them: the customer on the web, or the office on the phone.
  if (bookings.length > 0) {
    await db.insert(s.bookingEvents).values(
      bookings.map((b, i) => ({
        bookingId: b.id,
        at: b.createdAt,
        kind: "created",
        toValue: `${b.date} ${b.timeSlot}`,
        ...(calendar.bookings[i].madeBy === "customer"
          ? { actor: "customer", actorName: b.contactName }
          : { actor: "admin", actorUserId: admin.id, actorName: admin.name }),
      })),
    );
  }
  // Every booking has its customer's link, as a real one would; those of visits more than 30 days
  // ago have expired.
  if (bookings.length > 0)
    await db.insert(s.sharedBookingLinks).values(bookings.map((b) => ({ bookingId: b.id, token: newLinkToken(), expiresAt: linkExpiry(b.date) })));

  const completed = bookings.filter((b) => b.status === "completed");
  if (completed.length > 0) {
    await db.insert(s.serviceHistory).values(
      completed.map((b) => ({
        customerId: b.customerId,
        bookingId: b.id,
        productId: b.productId,
        serviceDate: new Date(`${b.date}T12:00:00Z`),
        serviceType:
          b.serviceType === "installation"
            ? "installation"
            : b.serviceType === "troubleshooting"
              ? "repair"
              : b.serviceType === "hembesok"
                ? "inspection"
                : "maintenance",
        technician: technicians[b.id % 2].name,
        issues: b.serviceType === "troubleshooting" ? "Felkod E5, låg köldmedietryck." : "Smutsiga filter.",
        actions:
          b.serviceType === "troubleshooting"
            ? "Läcksökning, tätning av flänsförband och påfyllning av köldmedium."
            : "Rengjort filter och värmeväxlare, kontrollerat dränering.",
        parts: b.serviceType === "troubleshooting" ? 'Flänsmutter 1/4"' : null,
        followUpNeeded: b.id % 5 === 0,
        status: "completed",
        cost: b.serviceType === "hembesok" ? "0" : "2500",
      })),
    );
  }

  const installation = completed.find((b) => b.serviceType === "installation") ?? completed[0];
  const customer = customers.find((c) => c.id === installation?.customerId) ?? customers[0];
  const checked = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, true]));
  await db.insert(s.installationProtocols).values([
    {
      publicId: randomBytes(18).toString("base64url"),
      bookingId: installation?.id,
      customerId: customer.id,
      technicianId: tech.id,
      installationDate: installation?.date ?? addDays(today, -10),
      customerName: customer.name,
      customerPhone: customer.phone,
      customerEmail: customer.email,
      installationAddress: `${customer.address}, ${customer.postalCode} ${customer.city}`,
      installedBrand: "Toshiba",
      installedModel: "Haori 35",
      installedPower: "3,5 kW",
      indoorUnitLocation: "Vardagsrum, ovanför dörren",
      outdoorUnitLocation: "Husets norra gavel, på markstativ",
      refrigerantType: "R32",
      refrigerantAmount: "1.1",
      installedItems: checked(["heatPump", "pipes", "accessories", "electrical"]),
      installationSteps: checked([
        "indoorUnitMounted",
        "outdoorUnitMounted",
        "refrigerantLinesConnected",
        "electricalConnectionsCompleted",
        "drainageConnected",
        "systemTested",
      ]),
      pressureTests: checked(["vacuumTest", "pressureTest", "leakageTest"]),
      notes: "Kunden önskade att utedelen placeras så långt från sovrummet som möjligt.",
      status: "technician-signed",
      technicianSignedAt: new Date(now.getTime() - 9 * 86_400_000),
    },
    {
      publicId: randomBytes(18).toString("base64url"),
      customerId: customers[5].id,
      technicianId: tech.id,
      installationDate: today,
      customerName: customers[5].name,
      customerEmail: customers[5].email,
      installationAddress: `${customers[5].address}, ${customers[5].postalCode} ${customers[5].city}`,
      installedBrand: "Panasonic",
      installedModel: "Flagship",
      status: "draft",
    },
  ]);

  await db.insert(s.blockedTimeSlots).values({ ...calendar.blockedTime, reason: "Utbildning hos tillverkaren", createdBy: admin.id });

  // A service reminder made eight days ago and due yesterday (rules §9): 'Skicka påminnelser' sends it.
  const [reminded] = await db
    .insert(s.customers)
    .values({
      name: "Greta Lindholm",
      email: "greta.lindholm@exempel.se",
      phone: "070-678 90 12",
      address: "Lönnvägen 7",
      city: "Sigtuna",
      postalCode: "193 30",
    })
    .returning();
  const [pump] = await db
    .insert(s.products)
    .values({
      customerId: reminded.id,
      brand: "Nibe",
      model: "F2120-12",
      type: "luftvärmepump",
      serialNumber: "NIB-424242",
      installDate: addDays(today, -728),
      warrantyEnd: addDays(today, -728 + 5 * 365),
    })
    .returning();
  await db.insert(s.reminders).values({
    customerId: reminded.id,
    productId: pump.id,
    reminderType: "service",
    dueDate: addDays(today, -1),
    emailSubject: "Dags för service av din värmepump",
    discountOffer: "15 %",
    token: randomBytes(32).toString("base64url"),
    createdAt: new Date(now.getTime() - 8 * 86_400_000),
  });

  return { users: 3, customers: customers.length + 1, bookings: bookings.length };
}
