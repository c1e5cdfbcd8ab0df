/** The audit log's actions the back office names in words; any other is shown as the API wrote it. */
const ACTION_KEYS: Record<string, string> = {
  "sign-in": "signIn",
  "sign-in-failed": "signInFailed",
  "sign-in-refused": "signInRefused",
  "sign-in-locked": "signInLocked",
  "sign-in-unlocked": "signInUnlocked",
  "sign-out": "signOut",
  "session.reuse": "sessionReuse",
  "session.end-all": "sessionEndAll",
  "lead.status": "leadStatus",
  "lead.assign": "leadAssign",
  "lead.note": "leadNote",
  "lead.delete": "leadDelete",
  "lead.export": "leadExport",
  "lead.create": "leadCreate",
  "lead.offer": "leadOffer",
  "lead.follow-up": "leadFollowUp",
  "lead.lost-reason": "leadLostReason",
  "lead.note-edit": "leadNoteEdit",
  "lead.handover": "leadHandover",
  "outbox.send-again": "outboxSendAgain",
  "outbox.discard": "outboxDiscard",
  "user.create": "userCreate",
  "user.update": "userUpdate",
  "user.password": "userPassword",
  "user.two-factor": "userTwoFactor",
  "settings.update": "settingsUpdate",
  "content.create": "contentCreate",
  "content.publish": "contentPublish",
  "content.unpublish": "contentUnpublish",
  "content.delete": "contentDelete",
  "content.restore": "contentRestore",
  "content.file": "contentFile",
  "image.upload": "imageUpload",
  "patient.merge": "patientMerge",
  "patient.dismiss": "patientDismiss",
  "patient.export": "patientExport",
  "patient.delete": "patientDelete",
  "bulletin.schedule": "bulletinSchedule",
  "bulletin.unschedule": "bulletinUnschedule",
  "bulletin.publish": "bulletinPublish",
  "bulletin.withdraw": "bulletinWithdraw",
  "menu.save": "menuSave",
  "menu.publish": "menuPublish",
  "menu.withdraw": "menuWithdraw",
  "push.send": "pushSend",
  "push.notice-request": "pushNoticeRequest",
  "push.notice-approve": "pushNoticeApprove",
  "push.notice-reject": "pushNoticeReject",
  "form.publish": "formPublish",
  "form.unpublish": "formUnpublish",
};

/** The translation key (under audit.actions) of a known action, else null. */
export const auditActionKey = (action: string): string | null => (Object.hasOwn(ACTION_KEYS, action) ? ACTION_KEYS[action] : null);

/** The audit page shows this many entries a page. */
export const AUDIT_PAGE_SIZE = 50;

/** An export holds at most the newest this many matching entries. */
export const AUDIT_EXPORT_LIMIT = 10_000;
