/**
 * The `rsc` BPMN extension (contract 14 §2) as a moddle package, so bpmn-moddle reads our attributes
 * as typed properties of bpmn:Process and bpmn:UserTask. The console's designer declares the same
 * names (src/web/pages/workflow/design/rscModdle.json). Every attribute is a string here: the parser
 * checks and converts the values itself, to name a bad one in its message.
 */
export const RSC_URI = 'http://reservoir-safety-console/schema/bpmn';

const attr = (name: string) => ({ name, isAttr: true, type: 'String' });

export const rscModdlePackage = {
  name: 'Reservoir Safety Console',
  prefix: 'rsc',
  uri: RSC_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    { name: 'ProcessProperties', extends: ['bpmn:Process'], properties: [attr('formKey')] },
    {
      name: 'UserTaskProperties',
      extends: ['bpmn:UserTask'],
      properties: [
        attr('assigneeType'),
        attr('assignee'),
        attr('candidateGroups'),
        attr('multiInstance'),
        attr('completionCondition'),
        attr('formKey'),
        attr('formReadonly'),
        attr('buttons'),
        attr('dueHours'),
        attr('remindHours'),
      ],
    },
  ],
};
