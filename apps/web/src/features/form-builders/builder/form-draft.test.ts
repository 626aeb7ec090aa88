import { describe, expect, it } from 'vitest';
import { draftProblems, emptyDraft, errorsUnder, keyedBySteps, newStep, requestOf } from './form-draft';

const idOf = (i: number) => `5c1b2c3d-0000-4000-8000-00000000000${i}`;

describe('form draft', () => {
  it("keys a step's messages by its id, so they follow the step when it moves", () => {
    const steps = [{ id: idOf(1) }, { id: idOf(2) }];
    expect(keyedBySteps({ 'steps.1.template_id': 'Gone', steps: 'Too many', name: 'Taken' }, steps)).toEqual({
      [`steps.${idOf(2)}.template_id`]: 'Gone',
      steps: 'Too many',
      name: 'Taken',
    });
    expect(errorsUnder({ [`steps.${idOf(2)}.template_id`]: 'Gone', name: 'x' }, `steps.${idOf(2)}`)).toEqual({
      template_id: 'Gone',
    });
  });

  it('runs the shared check and refuses conditions on later steps, contacts without a type, closing before opening', () => {
    const first = { ...newStep('TEMPLATE'), id: idOf(1), template_id: idOf(9) };
    const second = {
      ...newStep('STATIC'),
      id: idOf(2),
      content: 'Terms',
      condition: {
        match: 'ALL' as const,
        rules: [{ step_id: idOf(1), field: 'age', operator: 'IS_NOT_EMPTY' as const }],
      },
    };
    const draft = { ...emptyDraft(), name: 'Leads', steps: [first, second] };
    expect(draftProblems(draft)).toEqual({});

    const moved = {
      ...draft,
      owner_type: 'CONTACTS' as const,
      steps: [second, first],
      settings: {
        ...draft.settings,
        opens_at: '2026-05-02T10:00:00.000Z',
        closes_at: '2026-05-01T10:00:00.000Z',
      },
    };
    expect(draftProblems(moved)).toEqual({
      [`steps.${idOf(2)}.condition.rules.0.step_id`]: 'Choose an earlier step',
      'settings.contact_type_id': 'Choose a contact type',
      'settings.closes_at': 'Closes after it opens',
    });
    expect(requestOf({ ...draft, name: '  Leads ' }).name).toBe('Leads');
  });
});
