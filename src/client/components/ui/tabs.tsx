import * as TabsPrimitive from "@radix-ui/react-tabs";
import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from "react";
import { cn } from "@/client/lib/cn";

export const Tabs = TabsPrimitive.Root;

export const TabsList = forwardRef<ComponentRef<typeof TabsPrimitive.List>, ComponentPropsWithoutRef<typeof TabsPrimitive.List>>(
  // `className` replaces the default layout (inline-flex, full width).
  function TabsList({ className = "inline-flex w-full", ...props }, ref) {
    return <TabsPrimitive.List ref={ref} className={cn("flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1 text-slate-700", className)} {...props} />;
  },
);

export const TabsTrigger = forwardRef<ComponentRef<typeof TabsPrimitive.Trigger>, ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>>(function TabsTrigger(
  { className, ...props },
  ref,
) {
  return (
    <TabsPrimitive.Trigger
      ref={ref}
      className={cn(
        "inline-flex min-h-9 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium",
        "transition-colors hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
        "data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
});

export const TabsContent = forwardRef<ComponentRef<typeof TabsPrimitive.Content>, ComponentPropsWithoutRef<typeof TabsPrimitive.Content>>(function TabsContent(
  { className = "mt-4", ...props },
  ref,
) {
  // `className` replaces the default top margin.
  return (
    <TabsPrimitive.Content
      ref={ref}
      className={cn("focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700", className)}
      {...props}
    />
  );
});
