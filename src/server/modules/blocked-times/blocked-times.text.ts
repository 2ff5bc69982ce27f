export const blockedTimesServerText = {
  notFound: "Den blockerade tiden hittades inte.",
} as const;
