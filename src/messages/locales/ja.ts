import type { ValidationMessages } from "../../core/validation/validationMessages";
import type { ElicitationMessages } from "../ElicitationMessages";
import { formatters } from "./formatters";

// Japanese, complete, in polite form (です・ます). Chosen by `locale="ja"` (and "ja-JP"); loaded on
// demand as its own chunk. Japanese has one plural form; numbers still go through Intl.

const { number, size } = formatters("ja");

const FORMATS: Record<string, string> = {
  email: "有効なメールアドレスを入力してください",
  uri: "有効な URL を入力してください (例: https://example.com)",
  date: "有効な日付を入力してください",
  "date-time": "有効な日時を入力してください",
  "data-uri": "ファイルを選択してください",
};

const TYPES: Record<string, string> = {
  number: "数値を入力してください",
  integer: "数値を入力してください",
  string: "テキストを入力してください",
  boolean: "「はい」か「いいえ」を選んでください",
  array: "選択肢から選んでください",
  object: "各項目の値を持つオブジェクトである必要があります",
};

export const jaValidationMessages: ValidationMessages = {
  required: () => "この項目は必須です",
  type: (p) => TYPES[String(p.type)] ?? "有効な値を入力してください",
  integer: () => "整数を入力してください",
  minLength: (p) => `${number(p.limit)} 文字以上で入力してください`,
  maxLength: (p) => `${number(p.limit)} 文字以内で入力してください`,
  pattern: () => "想定された形式と一致しません",
  format: (p) => FORMATS[String(p.format)] ?? "有効な値を入力してください",
  minimum: (p) => `${number(p.limit)} 以上にしてください`,
  maximum: (p) => `${number(p.limit)} 以下にしてください`,
  enum: () => "選択肢のいずれかを選んでください",
  minItems: (p) => `${number(p.limit)} 個以上選んでください`,
  maxItems: (p) => `${number(p.limit)} 個まで選んでください`,
  uniqueItems: () => "同じ選択肢は一度だけ選んでください",
  unknownField: () => "このフォームの項目ではありません",
  invalidSchema: (p) => (typeof p.message === "string" ? p.message : "このフォームは表示できません: リクエストが無効です"),
  fileType: (p) => `使用できる形式のファイルを選んでください (${String(p.accept)})`,
  fileSize: (p) => `${size(p.limit)} 以下のファイルを選んでください`,
};

export const jaMessages: ElicitationMessages = {
  dialogTitle: "{server} が情報の入力を求めています",
  submit: "送信",
  decline: "拒否",
  cancel: "キャンセル",
  requiredMarker: "*",
  requiredForAssistiveTech: "必須",
  requiredLegend: "{marker} の付いた項目は必須です。",
  selectPlaceholder: "選択してください…",
  clearChoice: "選択を解除",
  timeZoneHint: "タイムゾーン: {zone}",
  invalidRequest: "このリクエストは表示できません: {reason}",
  close: "閉じる",
  validationUnavailable: "ページの一部を読み込めなかったため、このフォームは現在確認できません。閉じてからもう一度お試しください。",
  patternLeftToServer: "{fields} の形式は送信時にサーバーが確認します。",
  queuePosition: "{position} / {total} 件",
  timeLeft: "残り時間: {time}",
  stopAsking: "このサーバーからの依頼を停止",
  urlDestination: "このリンクの移動先",
  urlFull: "完全なアドレス",
  urlHost: "完全なホスト名",
  urlOpen: "{domain} を開く",
  urlNotOpened: "まだ何も開いていません。開くことを選んだ場合にのみ、ページが新しいウィンドウで開きます。",
  urlWarningPunycode: "このアドレスには国際文字が含まれており、「{unicode}」と表示されます。目的のサイトかどうか確認してください。",
  urlWarningMixedScript: "この名前には異なる文字体系の文字が混在しています。有名なサイトになりすますための手口です。",
  urlWarningNotHttps: "このリンクは安全ではありません (http)。ネットワーク上の誰もがページを読み取ったり改ざんしたりできます。",
  urlWarningCredentials: "「@」より前の部分はサイトではありません。このリンクの移動先は {domain} です。",
  urlNotOpenable: "このリンクはここでは開けません。開けるのはウェブアドレス (https) だけです。",
  urlStepDone: "{server} から、この手順が完了したと報告がありました。",
  urlStepWaiting: "{domain} での操作が終わるのを待っています ({server})。",
  urlStepDismiss: "非表示にする",
  sensitiveFieldWarning:
    "これは{kind}のようです。MCP サーバーがフォームでパスワード、キー、トークン、カード情報、身分証明書の番号を求めることは認められていません。確信がない限り入力しないでください。",
  sensitiveKindPassword: "パスワード",
  sensitiveKindApiKey: "API キー",
  sensitiveKindToken: "アクセストークン",
  sensitiveKindSecret: "秘密情報",
  sensitiveKindCardNumber: "支払いカードの番号",
  sensitiveKindCardCode: "カードのセキュリティコード",
  sensitiveKindNationalId: "マイナンバーなどの個人番号",
  draftRestored: "このフォームに以前入力した内容を復元しました。",
  draftClear: "消去",
  fileChoose: "ファイルを選択",
  fileDrop: "またはここにドロップ",
  fileRemove: "削除",
  fileTypes: "使用できる形式: {types}",
  fileMaxSize: "最大 {size}",
  fileReading: "{name} を読み込んでいます…",
  fileUnnamed: "添付ファイル",
  fileReadFailed: "{name} を読み込めませんでした。もう一度選ぶか、別のファイルを選んでください。",
  validation: jaValidationMessages,
};
