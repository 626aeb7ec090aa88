import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TESignRecord, TSignerField } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { usePdfDocument } from '../editor/pdf/use-pdf-document';
import { ViewerDoneAction } from '../workflows/packet/packet-slots';
import { AdoptMarkDialog, type MarkType } from './adopt-mark-dialog';
import { fieldValueProblem, isMarkField } from './field-rules';
import { initialsOf } from './mark-image';
import { RejectDialog, TermsDialog } from './signing-dialogs';
import { SigningBottomBar, SigningHeader } from './signing-bars';
import {
  acceptTerms,
  finishSigning,
  rejectDocument,
  saveFieldValues,
  type SignerAccess,
} from './signing-api';
import { useFirstPageImage } from './first-page-image';
import { SigningPages, type SigningPagesHandle } from './signing-pages';
import { sameOriginUrl, signingPaths } from './signing-paths';
import {
  editableFields,
  emptyMarkFields,
  inReadingOrder,
  initialValues,
  missingFields,
  nextFieldKey,
  progressOf,
  type FieldValues,
} from './signing-progress';
import { useSavedMarks } from './use-saved-marks';
import { useValueAutosave, valueErrorsOf, type SaveOptions } from './use-value-autosave';
import classes from './signing.module.css';

type Marks = Record<MarkType, string | null>;

/** The signature and initials already applied (after a reload): tapping another field reuses them. */
function adoptedMarks(fields: readonly TSignerField[], values: FieldValues): Marks {
  const marks: Marks = { SIGNATURE: null, INITIAL: null };
  for (const field of editableFields(fields)) {
    if (isMarkField(field) && values[field.key] && !marks[field.type as MarkType]) {
      marks[field.type as MarkType] = values[field.key] ?? null;
    }
  }
  return marks;
}

const todayIso = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * The signing view of `/emp-documents/custom/{employee_document_id}/pp`: the pages with the
 * recipient's fields, a guided Start/Next through the required ones, signature adoption, terms,
 * autosave, and Finish (or Approve/Reject for approvers).
 */
export function SigningView({ record, access }: { record: TESignRecord; access: SignerAccess }) {
  const navigate = useNavigate();
  const documentId = access.documentId;
  usePageTitle(record.document.name);
  const pdf = usePdfDocument(sameOriginUrl(record.file?.url ?? null));
  const firstPageImage = useFirstPageImage(access, record);
  const pagesRef = useRef<SigningPagesHandle>(null);
  const fields = record.fields;
  const byKey = useMemo(() => new Map(fields.map((field) => [field.key, field])), [fields]);
  const isApprover = record.recipient.user_type === 'APPROVER';
  const isViewer = record.recipient.user_type === 'VIEWER' || record.recipient.user_type === 'CC';
  const fullName = `${record.recipient.first_name} ${record.recipient.last_name}`.trim();
  const terms = record.document.settings.terms_and_conditions;
  const hasTerms = terms.enabled;

  const [values, setValues] = useState<FieldValues>(() => initialValues(fields));
  const [marks, setMarks] = useState<Marks>(() => adoptedMarks(fields, initialValues(fields)));
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const [finishErrors, setFinishErrors] = useState<Record<string, string>>({});
  const [adoptFor, setAdoptFor] = useState<string | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(record.terms_accepted);
  const [termsOpen, setTermsOpen] = useState(false);
  const [finishAfterTerms, setFinishAfterTerms] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const saved = useSavedMarks(record);

  const save = useCallback(
    (batch: FieldValues, options: SaveOptions) =>
      saveFieldValues(access, batch, access.credentials?.representative === true, options),
    [access],
  );
  const autosave = useValueAutosave(save);

  // The view covers the window: the page behind must not scroll under the finger.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const localProblem = (key: string): string | null => {
    const field = byKey.get(key);
    const value = values[key] ?? '';
    return field && value ? fieldValueProblem(field, value) : null;
  };
  const errorOf = (key: string): string | null =>
    autosave.serverErrors[key] ?? finishErrors[key] ?? (revealed.has(key) ? localProblem(key) : null);
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = field.mine ? errorOf(field.key) : null;
    if (error) errors[field.key] = error;
  }

  const reveal = (...keys: string[]) =>
    setRevealed((current) =>
      keys.every((key) => current.has(key)) ? current : new Set([...current, ...keys]),
    );

  const setValue = (key: string, value: string) => {
    const field = byKey.get(key);
    if (!field) return;
    setValues((current) => ({ ...current, [key]: value }));
    setFinishErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
    if (fieldValueProblem(field, value) === null) autosave.queue(key, value);
  };

  const jumpTo = (key: string) => {
    if (activeKey && activeKey !== key) reveal(activeKey);
    setActiveKey(key);
    pagesRef.current?.scrollToField(key);
  };

  /** A signature or initials field: the adopted mark at once, else (or to change it) the dialog. */
  const signField = (field: TSignerField, isChange = false) => {
    const mark = marks[field.type as MarkType];
    if (mark && !isChange) setValue(field.key, mark);
    else setAdoptFor(field.key);
  };

  const onTap = (key: string) => {
    const field = byKey.get(key);
    if (!field) return;
    if (activeKey && activeKey !== key) reveal(activeKey);
    setActiveKey(key);
    if (isMarkField(field) && !values[key]) signField(field);
    else if (field.type === 'CHECKBOX') setValue(key, values[key] === 'true' ? 'false' : 'true');
  };

  const goNext = () => {
    if (activeKey && localProblem(activeKey)) {
      reveal(activeKey);
      return;
    }
    const next = nextFieldKey(fields, values, activeKey);
    if (next) jumpTo(next);
  };

  const adoptField = adoptFor ? (byKey.get(adoptFor) ?? null) : null;
  const adoptType: MarkType = adoptField?.type === 'INITIAL' ? 'INITIAL' : 'SIGNATURE';
  const onAdopt = (dataUrl: string, applyToAll: boolean) => {
    if (!adoptField) return;
    setMarks((current) => ({ ...current, [adoptType]: dataUrl }));
    const others = applyToAll ? emptyMarkFields(fields, values, adoptType).map((field) => field.key) : [];
    for (const key of new Set([adoptField.key, ...others])) setValue(key, dataUrl);
    setAdoptFor(null);
  };

  const finishedTo = (next: string, approved: boolean) =>
    void navigate(signingPaths.success(documentId), { state: { next, approved } });

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      if (error.hasCode('ALREADY_FINISHED') || error.hasCode('COMPLETED')) {
        void navigate(signingPaths.signed(documentId), { replace: true });
        return;
      }
      if (error.hasCode('EXPIRED')) {
        void navigate(signingPaths.expired(documentId, record.recipient._id), { replace: true });
        return;
      }
    }
    notifications.show({
      color: 'red',
      title: 'Not finished',
      message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
    });
  };

  const finish = useMutation({
    mutationFn: async (acceptedTerms: boolean) => {
      await autosave.flush();
      return finishSigning(
        access,
        { values: {}, accept_terms: acceptedTerms },
        isApprover ? 'approve' : 'sign',
      );
    },
    onSuccess: (result) => finishedTo(result.next, isApprover),
    onError: (error) => {
      const missing = valueErrorsOf(error);
      const keys = inReadingOrder(fields.filter((field) => field.key in missing)).map((field) => field.key);
      if (keys.length > 0) {
        setFinishErrors(missing);
        reveal(...keys);
        jumpTo(keys[0] as string);
        notifications.show({
          color: 'orange',
          title: 'Almost there',
          message: isApiError(error) ? error.message : '',
        });
        return;
      }
      if (isApiError(error) && error.fieldErrors.accept_terms) {
        setTermsAccepted(false);
        setFinishAfterTerms(true);
        setTermsOpen(true);
        return;
      }
      showFailure(error);
    },
  });

  const startFinish = () => {
    const missing = missingFields(fields, values);
    if (missing.length > 0) {
      reveal(...missing.map((field) => field.key));
      jumpTo(missing[0]?.key as string);
      notifications.show({
        color: 'orange',
        title: 'Almost there',
        message: `Fill in the required fields first (${missing.length} left)`,
      });
      return;
    }
    if (hasTerms && !termsAccepted) {
      setFinishAfterTerms(true);
      setTermsOpen(true);
      return;
    }
    finish.mutate(termsAccepted);
  };

  const accept = useMutation({
    mutationFn: () => acceptTerms(access),
    onSuccess: () => {
      setTermsAccepted(true);
      setTermsOpen(false);
      if (finishAfterTerms) {
        setFinishAfterTerms(false);
        finish.mutate(true);
      }
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: isApiError(error) ? error.message : 'The terms could not be accepted.',
      }),
  });

  const reject = useMutation({
    mutationFn: (notes: string) => rejectDocument(access, notes),
    onSuccess: () => void navigate(signingPaths.decline(documentId), { state: { done: 'REJECTED' } }),
  });

  const activeField = activeKey ? (byKey.get(activeKey) ?? null) : null;
  const progress = progressOf(fields, values);
  const hasMissing = missingFields(fields, values).length > 0;

  return (
    // An input losing focus saves what was typed at once, not after the pause.
    <div className={classes.frame} data-testid="signing-view" onBlur={() => autosave.saveNow()}>
      <SigningHeader
        record={record}
        saveStatus={autosave.status}
        saveFailure={autosave.failure}
        hasTerms={hasTerms}
        isApprover={isApprover}
        isViewer={isViewer}
        access={access}
        onTerms={() => setTermsOpen(true)}
        onDecline={() => (isApprover ? setRejectOpen(true) : void navigate(signingPaths.decline(documentId)))}
      />
      <SigningPages
        handle={pagesRef}
        pdf={pdf.doc}
        pages={record.pages}
        fields={fields}
        values={values}
        errors={errors}
        activeKey={activeKey}
        color={record.recipient.color}
        auto={{ name: fullName || record.recipient.email, email: record.recipient.email, date: todayIso() }}
        onActivate={onTap}
        firstPageImage={firstPageImage}
      />
      <SigningBottomBar
        activeField={activeField}
        activeValue={activeKey ? (values[activeKey] ?? '') : ''}
        activeError={activeKey ? errorOf(activeKey) : null}
        onChange={(value) => activeKey && setValue(activeKey, value)}
        onSign={() => activeField && signField(activeField, Boolean(values[activeField.key]))}
        onCloseField={() => {
          if (activeKey) reveal(activeKey);
          setActiveKey(null);
        }}
        progress={progress}
        hasStarted={activeKey !== null || progress.done > 0}
        hasMissing={hasMissing}
        isApprover={isApprover}
        isViewer={isViewer}
        isFinishing={finish.isPending}
        pdfFailed={pdf.status === 'error'}
        terms={hasTerms ? { accepted: termsAccepted, isAccepting: accept.isPending } : null}
        onAcceptTerms={() => accept.mutate()}
        onOpenTerms={() => setTermsOpen(true)}
        onNext={goNext}
        onFinish={startFinish}
        onReject={() => setRejectOpen(true)}
        onViewed={() => void navigate(signingPaths.signed(documentId))}
        viewerAction={
          <ViewerDoneAction access={access} onDone={() => void navigate(signingPaths.signed(documentId))} />
        }
      />
      <AdoptMarkDialog
        opened={adoptField !== null}
        type={adoptType}
        defaultText={adoptType === 'SIGNATURE' ? fullName : initialsOf(fullName)}
        saved={adoptType === 'SIGNATURE' ? saved.signature : saved.initial}
        emptyCount={
          new Set([
            ...(adoptField ? [adoptField.key] : []),
            ...emptyMarkFields(fields, values, adoptType).map((f) => f.key),
          ]).size
        }
        onAdopt={onAdopt}
        onClose={() => setAdoptFor(null)}
      />
      <TermsDialog
        opened={termsOpen}
        text={terms.text}
        isAccepted={termsAccepted}
        isAccepting={accept.isPending}
        onAccept={() => accept.mutate()}
        onClose={() => {
          setTermsOpen(false);
          setFinishAfterTerms(false);
        }}
      />
      <RejectDialog
        opened={rejectOpen}
        isRejecting={reject.isPending}
        serverError={reject.isError && isApiError(reject.error) ? reject.error.message : null}
        onReject={(notes) => reject.mutate(notes)}
        onClose={() => setRejectOpen(false)}
      />
    </div>
  );
}
