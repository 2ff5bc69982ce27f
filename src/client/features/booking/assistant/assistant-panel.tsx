import { zodResolver } from "@hookform/resolvers/zod";
import { Bot, CheckCircle2, RotateCcw, Wrench } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { RichText } from "@/client/components/rich-text";
import { Button } from "@/client/components/ui/button";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/toast-store";
import {
  ASSISTANT,
  HEAT_PUMP_AGES,
  HEAT_PUMP_AGE_LABELS,
  HEAT_PUMP_TYPES,
  HEAT_PUMP_TYPE_LABELS,
  MAIN_ISSUES,
  MAIN_ISSUE_LABELS,
  answerFollowUp,
  diagnose,
  type AssistantInput,
  type AssistantResult,
} from "@/common/assistant/diagnose";
import { handoffDescription } from "@/common/assistant/handoff";
import { AssistantInputSchema, assistantText } from "@/common/assistant/schema";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import { assistantPageText as text } from "./text";

export type AssistantMessage = { role: "user" | "assistant"; content: string };
export type AssistantSession = { input: AssistantInput; result: AssistantResult; conversation: AssistantMessage[] };
/** What the assistant hands to the booking form: its result and, for the description, what the customer told it. */
export type AssistantHandoff = { result: AssistantResult; description: string };

type FormValues = { heatPumpType: string; heatPumpAge: string; mainIssue: string; issueDescription: string };

/** Step 1 (rules §2): pump type, age, main issue and an optional description. */
function AssistantForm({ onSubmit }: { onSubmit: (input: AssistantInput) => void }) {
  const idPrefix = useId().replace(/:/g, "");
  const id = (name: string) => `${idPrefix}-${name}`;
  const form = useForm<FormValues, unknown, AssistantInput>({
    resolver: zodResolver(AssistantInputSchema) as never,
    defaultValues: { heatPumpType: "", heatPumpAge: "", mainIssue: "", issueDescription: "" },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(onSubmit, () =>
    toast({ variant: "destructive", title: assistantText.missingTitle, description: assistantText.missingDescription }),
  );
  const select = (name: "heatPumpType" | "heatPumpAge" | "mainIssue", label: string, options: readonly string[], labels: Record<string, string>) => (
    <div className="grid gap-1.5">
      <Label htmlFor={id(name)}>{label} *</Label>
      <Select
        id={id(name)}
        aria-required="true"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? id(`${name}-error`) : undefined}
        {...form.register(name)}
      >
        <option value="">{text.choose}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </Select>
      <FieldError id={id(`${name}-error`)}>{errors[name]?.message}</FieldError>
    </div>
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {select("heatPumpType", text.pumpType, HEAT_PUMP_TYPES, HEAT_PUMP_TYPE_LABELS)}
        {select("heatPumpAge", text.age, HEAT_PUMP_AGES, HEAT_PUMP_AGE_LABELS)}
        {select("mainIssue", text.issue, MAIN_ISSUES, MAIN_ISSUE_LABELS)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("description")}>{text.description}</Label>
        <Textarea id={id("description")} rows={3} maxLength={2000} placeholder={text.descriptionPlaceholder} {...form.register("issueDescription")} />
      </div>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start">
        <Bot aria-hidden="true" />
        {text.analyse}
      </Button>
    </form>
  );
}

/** The recommendation (amber: book a visit; green: fix it yourself) and the confidence bar. */
function Recommendation({ result }: { result: AssistantResult }) {
  const title = result.needsService ? text.serviceNeeded(SERVICE_TYPE_LABELS[result.serviceType]) : text.selfFix;
  const Icon = result.needsService ? Wrench : CheckCircle2;
  return (
    <div className="grid gap-4">
      <div
        data-recommendation={result.needsService ? "service" : "self-fix"}
        className={
          result.needsService
            ? "grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
            : "grid gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-slate-900"
        }
      >
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          <Icon className={result.needsService ? "size-5 text-amber-800" : "size-5 text-green-800"} aria-hidden="true" />
          {title}
        </h3>
        <RichText text={result.solution} />
      </div>
      <div className="grid gap-1">
        <p className="flex justify-between text-sm font-medium text-slate-900">
          <span>{text.confidence}</span>
          <span>{result.confidence} %</span>
        </p>
        <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${result.confidence}%` }} />
        </div>
      </div>
    </div>
  );
}

/** The collapsible conversation with the follow-up box (answers after 1.5 s, rules §4). */
function Conversation({ session, onSession }: { session: AssistantSession; onSession: (session: AssistantSession) => void }) {
  const idPrefix = useId().replace(/:/g, "");
  const [question, setQuestion] = useState("");
  const [sending, setSending] = useState(false);
  const timer = useRef<number | null>(null);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked || sending) return;
    const withQuestion: AssistantSession = { ...session, conversation: [...session.conversation, { role: "user", content: asked }] };
    onSession(withQuestion);
    setQuestion("");
    setSending(true);
    timer.current = window.setTimeout(() => {
      try {
        onSession({ ...withQuestion, conversation: [...withQuestion.conversation, { role: "assistant", content: answerFollowUp(asked) }] });
      } catch {
        toast({ variant: "destructive", title: text.followUpFailedTitle, description: text.followUpFailed });
      } finally {
        setSending(false);
      }
    }, ASSISTANT.followUpMs);
  };

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4" open={session.conversation.length > 2 || undefined}>
      <summary className="cursor-pointer font-medium text-brand-800">{text.conversation}</summary>
      <ol className="mt-4 grid gap-3" aria-live="polite">
        {session.conversation.map((message, index) => (
          <li
            key={index}
            className={
              message.role === "user"
                ? "ml-8 rounded-lg rounded-tr-none bg-brand-50 p-3 text-sm text-slate-900"
                : "mr-8 rounded-lg rounded-tl-none bg-slate-100 p-3 text-sm text-slate-900"
            }
          >
            <span className="sr-only">{message.role === "user" ? text.you : text.assistant}: </span>
            <RichText text={message.content} />
          </li>
        ))}
        {sending && (
          <li className="mr-8 rounded-lg bg-slate-100 p-3 text-sm text-slate-700" role="status">
            {text.sending}
          </li>
        )}
      </ol>
      <form onSubmit={send} className="mt-4 grid gap-2">
        <Label htmlFor={`${idPrefix}-follow-up`}>{text.followUpLabel}</Label>
        <Textarea
          id={`${idPrefix}-follow-up`}
          rows={2}
          maxLength={500}
          value={question}
          placeholder={text.followUpPlaceholder}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={!question.trim() || sending} className="justify-self-start">
          {sending ? text.sending : text.send}
        </Button>
      </form>
    </details>
  );
}

/**
 * The troubleshooting assistant (rules §2, §4): form, 2 s of analysis, then the result with the
 * conversation. It runs in the browser; `session` lives with the booking page so the result can be
 * shown again from the banner above the form.
 */
export function AssistantPanel({
  session,
  onSession,
  onFinish,
}: {
  session: AssistantSession | null;
  onSession: (session: AssistantSession | null) => void;
  onFinish: (handoff: AssistantHandoff) => void;
}) {
  const [analysing, setAnalysing] = useState(false);
  const timer = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);

  const analyse = (input: AssistantInput) => {
    setAnalysing(true);
    timer.current = window.setTimeout(() => {
      setAnalysing(false);
      try {
        const result = diagnose(input);
        const summary = text.summary(HEAT_PUMP_TYPE_LABELS[input.heatPumpType], HEAT_PUMP_AGE_LABELS[input.heatPumpAge], MAIN_ISSUE_LABELS[input.mainIssue]);
        const asked = input.issueDescription.trim() ? `${summary}\n${input.issueDescription.trim()}` : summary;
        onSession({
          input,
          result,
          conversation: [
            { role: "user", content: asked },
            { role: "assistant", content: result.solution },
          ],
        });
        requestAnimationFrame(() => headingRef.current?.focus());
      } catch {
        toast({ variant: "destructive", title: text.failedTitle, description: text.failed });
      }
    }, ASSISTANT.analysisMs);
  };

  return (
    <section aria-labelledby="assistant-heading" className="grid gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id="assistant-heading" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-2xl font-semibold text-slate-900 focus:outline-none">
          <Bot className="size-6 text-brand-700" aria-hidden="true" />
          {session ? text.resultHeading : text.heading}
        </h2>
        {!session && <p className="text-slate-700">{text.intro}</p>}
      </div>
      {analysing ? (
        <Spinner label={text.analysing} />
      ) : session ? (
        <div className="grid gap-5">
          <Recommendation result={session.result} />
          <Conversation session={session} onSession={onSession} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => onSession(null)}>
              <RotateCcw aria-hidden="true" />
              {text.restart}
            </Button>
            <Button onClick={() => onFinish({ result: session.result, description: handoffDescription(session.input) })}>
              {session.result.needsService ? text.continueToBooking : text.endTroubleshooting}
            </Button>
          </div>
        </div>
      ) : (
        <AssistantForm onSubmit={analyse} />
      )}
    </section>
  );
}
