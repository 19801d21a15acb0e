import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { KeyInteger, KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

@Entity('cases')
// Its list's order, `LENGTH(id)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_cases_list_order', { synchronize: false })
export class CaseEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() description!: string | null;
  @NullableText() category!: string | null;
  @NullableText() categoryDescription!: string | null;
  @Text() requestedAt!: string;
  @Text() status!: string;
  @NullableText() subCategory!: string | null;
  @NullableText() subCategoryDescription!: string | null;
  @NullableText() dueAt!: string | null;
  @NullableText() assignedRole!: string | null;
  @NullableText() assignedTo!: string | null;
  @NullableText() statusReasonCode!: string | null;
  @NullableText() statusReasonDescription!: string | null;
  @NullableText() source!: string | null;
  @NullableText() adjustmentTotalAmount!: string | null;
  @NullableText() requestorName!: string | null;
  @NullableText() requestorPhone!: string | null;
  @NullableText() requestorEmail!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/** A case's child rows (notes, adjustments) go with their case. */
const BelongsToCase = (): PropertyDecorator => (target, property) => {
  ManyToOne(() => CaseEntity, { onDelete: 'CASCADE' })(target, property);
  JoinColumn([
    { name: 'customer_id', referencedColumnName: 'customerId' },
    { name: 'case_id', referencedColumnName: 'id' },
  ])(target, property);
};

@Entity('case_notes')
export class CaseNoteEntity {
  @KeyText() customerId!: string;
  @KeyText() caseId!: string;
  @KeyInteger() position!: number;
  @NullableText() comment!: string | null;
  @BelongsToCase() parent?: CaseEntity;
}

@Entity('case_adjustments')
export class CaseAdjustmentEntity {
  @KeyText() customerId!: string;
  @KeyText() caseId!: string;
  @KeyInteger() position!: number;
  @NullableText() description!: string | null;
  @NullableText() amount!: string | null;
  @NullableText() at!: string | null;
  @BelongsToCase() parent?: CaseEntity;
}

@Entity('email_activities')
// Its list's order, `LENGTH(id)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_email_activities_list_order', { synchronize: false })
export class EmailActivityEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() userId!: string | null;
  @NullableText() typeId!: string | null;
  @NullableText() typeDescription!: string | null;
  @NullableText() fromAddress!: string | null;
  @NullableText() toAddress!: string | null;
  @NullableText() ccAddress!: string | null;
  @NullableText() subject!: string | null;
  @NullableText() body!: string | null;
  @NullableText() sentBy!: string | null;
  @NullableText() sendStatus!: string | null;
  @Text() sentAt!: string;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}

@Entity('issue_activities')
// Its list's order, `LENGTH(id)` included (see service-ticket.entities.ts): the migration makes it, sync leaves it be.
@Index('idx_issue_activities_list_order', { synchronize: false })
export class IssueActivityEntity {
  @KeyText() customerId!: string;
  @KeyText() id!: string;
  @NullableText() userId!: string | null;
  @NullableText() company!: string | null;
  @NullableText() firstName!: string | null;
  @NullableText() lastName!: string | null;
  @NullableText() email!: string | null;
  @NullableText() phoneNumber!: string | null;
  @NullableText() contactMethod!: string | null;
  @NullableText() description!: string | null;
  @Text() submittedAt!: string;
  @NullableText() status!: string | null;
  @NullableText() csrMailbox!: string | null;
  @NullableText() deviceChannel!: string | null;
  @NullableText() caseTypeDescription!: string | null;
  @NullableText() caseTypeCode!: string | null;
  @NullableText() caseSubTypeDescription!: string | null;
  @NullableText() caseSubTypeCode!: string | null;
  @NullableText() country!: string | null;
  @NullableText() billingStreetAddress!: string | null;
  @NullableText() billingStreetAddress2!: string | null;
  @NullableText() billingCity!: string | null;
  @NullableText() billingState!: string | null;
  @NullableText() billingZipCode!: string | null;
  @NullableText() serviceStreetAddress!: string | null;
  @NullableText() serviceStreetAddress2!: string | null;
  @NullableText() serviceCity!: string | null;
  @NullableText() serviceState!: string | null;
  @NullableText() serviceZipCode!: string | null;
  @NullableText() createdBy!: string | null;
  @NullableText() createdAt!: string | null;
  @NullableText() modifiedBy!: string | null;
  @NullableText() modifiedAt!: string | null;
  @BelongsToCustomer() owner?: CustomerEntity;
}
