/**
 * The rules a code-generator model field may carry beyond its type (stored on
 * the model prototype, develop/modelPrototype): a dictionary or a reference,
 * a pattern, uniqueness and its own messages. Server (schema generation) and
 * console (the field editor) read the same shape.
 */
export interface PrototypeFieldRules {
  dictCode?: string | null;
  /** 1: several dictionary entries, comma-joined (a text field). */
  dictMultiple?: number | null;
  /** The register a reference field points at (propertyType reference). */
  refSchema?: string | null;
  fieldPattern?: string | null;
  isUnique?: number | null;
  /** Properties that are unique together with this one (comma-separated). */
  uniqueWith?: string | null;
  uniqueMessage?: string | null;
  uniqueMessageEn?: string | null;
  requiredMessage?: string | null;
  requiredMessageEn?: string | null;
  patternMessage?: string | null;
  patternMessageEn?: string | null;
  maxLengthMessage?: string | null;
  maxLengthMessageEn?: string | null;
}
