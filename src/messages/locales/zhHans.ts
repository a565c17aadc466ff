import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// Simplified Chinese, complete. Chosen by `locale="zh-Hans"` (and "zh", "zh-CN", "zh-SG"); loaded
// on demand as its own chunk. Chinese has one plural form; numbers still go through Intl.

const { number, size } = formatters("zh-Hans");

const FORMATS: Record<string, string> = {
  email: "请输入有效的电子邮件地址",
  uri: "请输入有效的网址，例如 https://example.com",
  date: "请输入有效的日期",
  "date-time": "请输入有效的日期和时间",
  "data-uri": "请选择文件",
};

const TYPES: Record<string, string> = {
  number: "请输入数字",
  integer: "请输入数字",
  string: "请输入文本",
  boolean: "请选择“是”或“否”",
  array: "请从选项中选择",
  object: "必须是由各字段值组成的对象",
};

export const zhHansValidationMessages: ValidationMessages = {
  required: () => "此字段为必填项",
  type: (p) => TYPES[String(p.type)] ?? "请输入有效的值",
  integer: () => "请输入整数",
  minLength: (p) => `请至少输入 ${number(p.limit)} 个字符`,
  maxLength: (p) => `最多输入 ${number(p.limit)} 个字符`,
  pattern: () => "不符合要求的格式",
  format: (p) => FORMATS[String(p.format)] ?? "请输入有效的值",
  minimum: (p) => `必须大于或等于 ${number(p.limit)}`,
  maximum: (p) => `必须小于或等于 ${number(p.limit)}`,
  enum: () => "请选择其中一个选项",
  minItems: (p) => `请至少选择 ${number(p.limit)} 项`,
  maxItems: (p) => `最多选择 ${number(p.limit)} 项`,
  uniqueItems: () => "每个选项只能选择一次",
  unknownField: () => "不是此表单中的字段",
  invalidSchema: (p) => (typeof p.message === "string" ? p.message : "无法显示此表单：请求无效"),
  fileType: (p) => `请选择可接受类型的文件（${String(p.accept)}）`,
  fileSize: (p) => `请选择不超过 ${size(p.limit)} 的文件`,
};

export const zhHansMessages: ElicitationMessages = {
  dialogTitle: "{server} 正在请求信息",
  submit: "提交",
  decline: "拒绝",
  cancel: "取消",
  requiredMarker: "*",
  requiredForAssistiveTech: "必填",
  requiredLegend: "标有 {marker} 的字段为必填项。",
  selectPlaceholder: "请选择…",
  clearChoice: "清除选择",
  timeZoneHint: "您的时区：{zone}",
  invalidRequest: "无法显示此请求：{reason}",
  close: "关闭",
  validationUnavailable: "页面的一部分未能加载，暂时无法检查此表单。请关闭后重试。",
  patternLeftToServer: "提交时，服务器将检查 {fields} 的格式。",
  queuePosition: "第 {position} 个，共 {total} 个",
  timeLeft: "剩余时间：{time}",
  stopAsking: "不再询问",
  urlDestination: "此链接指向",
  urlFull: "完整地址",
  urlHost: "完整主机名",
  urlOpen: "打开 {domain}",
  urlNotOpened: "尚未打开任何内容。只有在您选择打开时，页面才会在新窗口中打开。",
  urlWarningPunycode: "该地址包含国际字符，将显示为“{unicode}”。请确认这是您要访问的网站。",
  urlWarningMixedScript: "该名称混用了不同文字的字母，这是仿冒知名网站的常见手法。",
  urlWarningNotHttps: "此链接不安全（http）：网络中的任何人都可能读取或篡改该页面。",
  urlWarningCredentials: "“@”之前的部分并不是网站。此链接实际指向 {domain}。",
  urlNotOpenable: "无法在此处打开此链接：只允许网址（https）。",
  urlStepDone: "{server} 报告此步骤已完成。",
  urlStepWaiting: "正在等待您在 {domain} 上完成操作（{server}）。",
  urlStepDismiss: "忽略",
  sensitiveFieldWarning:
    "这看起来像是{kind}。MCP 服务器不得在表单中索要密码、密钥、令牌、银行卡信息或身份证件号码。除非您确定，否则请勿填写。",
  sensitiveKindPassword: "密码",
  sensitiveKindApiKey: "API 密钥",
  sensitiveKindToken: "访问令牌",
  sensitiveKindSecret: "机密信息",
  sensitiveKindCardNumber: "支付卡号",
  sensitiveKindCardCode: "银行卡安全码",
  sensitiveKindNationalId: "身份证件号码",
  draftRestored: "已恢复您之前在此表单中填写的内容。",
  draftClear: "清除",
  fileChoose: "选择文件",
  fileDrop: "或拖放到此处",
  fileRemove: "移除",
  fileTypes: "可接受的类型：{types}",
  fileMaxSize: "最大 {size}",
  fileReading: "正在读取 {name}…",
  fileUnnamed: "附件",
  fileReadFailed: "无法读取 {name}。请重新选择，或选择其他文件。",
  validation: zhHansValidationMessages,
};
