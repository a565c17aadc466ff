import type { ValidationMessages } from "../../src/core/validation/validationMessages";
import type { ElicitationMessages } from "../../src/messages/ElicitationMessages";

// Arabic wording for the right-to-left example: every UI string, and the validation rules the
// example form can break. Numbers in Arabic-Indic digits.
const number = new Intl.NumberFormat("ar-EG");
const n = (value: unknown) => (typeof value === "number" ? number.format(value) : String(value));

const validation: Partial<ValidationMessages> = {
  required: () => "هذا الحقل مطلوب",
  type: () => "أدخل قيمة صالحة",
  integer: () => "أدخل عددًا صحيحًا",
  minLength: (p) => `استخدم ${n(p.limit)} أحرف على الأقل`,
  maxLength: (p) => `استخدم ${n(p.limit)} أحرف على الأكثر`,
  format: (p) => (p.format === "email" ? "أدخل عنوان بريد إلكتروني صالحًا" : "أدخل قيمة صالحة"),
  minimum: (p) => `يجب أن تكون القيمة ${n(p.limit)} أو أكثر`,
  maximum: (p) => `يجب أن تكون القيمة ${n(p.limit)} أو أقل`,
  enum: () => "اختر أحد الخيارات",
};

export const arMessages: ElicitationMessages = {
  dialogTitle: "{server} يطلب بعض المعلومات",
  submit: "إرسال",
  decline: "رفض",
  cancel: "إلغاء",
  requiredMarker: "*",
  requiredForAssistiveTech: "مطلوب",
  requiredLegend: "الحقول المميزة بـ {marker} مطلوبة.",
  selectPlaceholder: "اختر…",
  clearChoice: "مسح الاختيار",
  timeZoneHint: "منطقتك الزمنية: {zone}",
  invalidRequest: "لا يمكن عرض هذا الطلب: {reason}",
  close: "إغلاق",
  validationUnavailable: "لا يمكن التحقق من هذا النموذج الآن لأن جزءًا من الصفحة لم يُحمَّل. أغلقه وحاول مرة أخرى.",
  patternLeftToServer: "سيتحقق الخادم من تنسيق {fields} عند الإرسال.",
  queuePosition: "{position} من {total}",
  timeLeft: "الوقت المتبقي: {time}",
  stopAsking: "التوقف عن السؤال",
  urlDestination: "يؤدي هذا الرابط إلى",
  urlFull: "العنوان الكامل",
  urlHost: "اسم المضيف الكامل",
  urlOpen: "فتح {domain}",
  urlNotOpened: "لم يُفتح أي شيء بعد. تُفتح الصفحة في نافذة جديدة فقط إذا اخترت فتحها.",
  urlWarningPunycode: "يستخدم العنوان أحرفًا دولية وسيظهر بالشكل «{unicode}». تأكد من أنه الموقع الذي تتوقعه.",
  urlWarningMixedScript: "يخلط الاسم بين أحرف من أبجديات مختلفة، وهي حيلة لتقليد مواقع معروفة.",
  urlWarningNotHttps: "هذا الرابط غير آمن (http): يمكن لأي شخص على الشبكة قراءة الصفحة أو تغييرها.",
  urlWarningCredentials: "الجزء الذي يسبق «@» ليس الموقع. يؤدي هذا الرابط إلى {domain}.",
  urlNotOpenable: "لا يمكن فتح هذا الرابط هنا: يُسمح فقط بعناوين الويب (https).",
  urlStepDone: "أفاد {server} بأن هذه الخطوة اكتملت.",
  urlStepWaiting: "في انتظار إنهائك على {domain} ({server}).",
  urlStepDismiss: "إخفاء",
  sensitiveFieldWarning:
    "يبدو أن هذا {kind}. لا يُسمح لخوادم MCP بطلب كلمات المرور أو المفاتيح أو الرموز أو بيانات البطاقات أو أرقام الهوية في نموذج. لا تُدخله إلا إذا كنت متأكدًا.",
  sensitiveKindPassword: "كلمة مرور",
  sensitiveKindApiKey: "مفتاح API",
  sensitiveKindToken: "رمز وصول",
  sensitiveKindSecret: "معلومة سرية",
  sensitiveKindCardNumber: "رقم بطاقة دفع",
  sensitiveKindCardCode: "رمز أمان البطاقة",
  sensitiveKindNationalId: "رقم هوية وطنية",
  draftRestored: "استُعيدت إجاباتك السابقة على هذا النموذج.",
  draftClear: "مسح",
  fileChoose: "اختر ملفًا",
  fileDrop: "أو أفلته هنا",
  fileRemove: "إزالة",
  fileTypes: "الأنواع المقبولة: {types}",
  fileMaxSize: "حتى {size}",
  fileReading: "جارٍ قراءة {name}…",
  fileUnnamed: "ملف مرفق",
  fileReadFailed: "تعذّرت قراءة {name}. اختره مرة أخرى أو اختر ملفًا آخر.",
  validation,
};
