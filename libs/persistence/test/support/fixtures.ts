import type {
  AuditInfo,
  Balance,
  Case,
  Contact,
  CustomerBundle,
  DisposalTicket,
  EmailActivity,
  Invoice,
  IssueActivity,
  Note,
  Pickup,
  Preference,
  Profile,
  Service,
  ServiceTicket,
} from '@curbside/domain';

/*
 * Realistic customer records for the persistence tests: `fullBundle` fills every field,
 * `sparseBundle` leaves every field that may be null null. Lists are in the order an export
 * gives them (dated records newest first, services by id, the rest as given).
 */

const audit = (created: string, modified: string): AuditInfo => ({
  createdBy: 'csr.jdoe',
  createdAt: created,
  modifiedBy: 'csr.asmith',
  modifiedAt: modified,
});

const NO_AUDIT: AuditInfo = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };

export function serviceTicket(id: string, createdAt: string, overrides: Partial<ServiceTicket> = {}): ServiceTicket {
  return {
    id,
    status: 'CLOSED',
    loadType: 'XPU',
    loadDescription: 'Extra pickup',
    createdAt,
    createdBy: 'portal',
    closedAt: '2024-03-06T16:40:12.000',
    closedBy: 'driver.417',
    dispatchedAt: '2024-03-06T07:05:00.000',
    generated: false,
    complaint: true,
    comments: 'Bags left beside the cart',
    completionCode: 'CMP',
    completedDescription: 'Completed',
    requestedBy: 'Pat Rivera',
    loggedAt: '2024-03-06T16:41:00.250',
    services: [
      { code: 'BLK', description: 'Bulk item', quantity: '2', cost: '35.00', specialDescription: 'Sofa and chair' },
      { code: 'XBG', description: 'Extra bags', quantity: '4', cost: '12.5', specialDescription: 'Yard waste' },
    ],
    ...overrides,
  };
}

export function disposalTicket(
  id: string,
  modifiedAt: string | null,
  overrides: Partial<DisposalTicket> = {},
): DisposalTicket {
  return {
    id,
    haulingTicketId: '880021',
    replaceTicketId: '9000002',
    voidTicketId: '8999990',
    timeIn: '2024-02-10T09:12:30.500',
    timeOut: '2024-02-10T09:31:02.050',
    status: 'COMPLETE',
    weight: { gross: '31240', tare: '14980', net: '16260', uom: 'LB', roundedNet: '8.13', roundedNetUom: 'TN' },
    scaleIn: 'SCALE-1',
    scaleOut: 'SCALE-2',
    swipeCardId: 'C-55812',
    volume: '20',
    materialSubtotal: '406.50',
    surcharge: '12.00',
    tax: '33.51',
    amount: '452.01',
    currency: 'USD',
    carrier: { id: 'CR-12', description: 'Metro Hauling' },
    site: { id: 'S-7', name: 'North Valley Landfill' },
    destination: 'Cell 4',
    routeId: 'R-204',
    notes: 'Covered load',
    seal: { number1: '7731', number2: '7732' },
    customer: {
      name: 'Acme Builders',
      businessName: 'Acme Builders LLC',
      address: {
        street1: '12 Quarry Rd',
        street2: 'Suite 3',
        city: 'Springfield',
        state: 'Illinois',
        country: 'US',
        zip: '62701',
        zip4: '1234',
      },
    },
    audit: { ...audit('2024-02-10T09:12:30.000', '2024-02-10T09:31:02.000'), modifiedAt },
    vehicle: { number: '4410', description: 'Roll-off 12', driverName: 'Sam Ortiz' },
    details: [
      {
        sequenceNumber: '1',
        materialName: 'C&D Debris',
        surchargeName: null,
        description: 'Construction debris',
        volume: '20',
        generatorName: 'Acme Builders',
        roundedNetWeight: '8.13',
        roundedNetUom: 'TN',
        billedQuantity: '8.13',
        ratePerUnit: '50.00',
        rateUom: 'TN',
        origin: { id: '31', description: 'Sangamon County' },
        amount: '406.50',
        totalTaxAmount: '33.54',
        totalAmount: '440.04',
        purchaseOrderNumber: '450012',
        manifestId: '66001',
        containerId: '3021',
        profile: { id: '77', description: 'Non-hazardous C&D' },
        taxes: [
          {
            sequenceNumber: '1',
            id: '501',
            name: 'STATE',
            description: 'State solid waste fee',
            rate: '0.0825',
            rateUom: 'PCT',
            amount: '33.54',
          },
          {
            sequenceNumber: '2',
            id: '502',
            name: 'HOST',
            description: 'Host fee',
            rate: '1.27',
            rateUom: 'TN',
            amount: '0.00',
          },
        ],
      },
      {
        sequenceNumber: '2',
        materialName: null,
        surchargeName: 'Fuel',
        description: 'Fuel surcharge',
        volume: null,
        generatorName: null,
        roundedNetWeight: null,
        roundedNetUom: null,
        billedQuantity: '1',
        ratePerUnit: '12.00',
        rateUom: 'EA',
        origin: { id: null, description: null },
        amount: '12.00',
        totalTaxAmount: '0',
        totalAmount: '12.00',
        purchaseOrderNumber: null,
        manifestId: null,
        containerId: null,
        profile: { id: null, description: null },
        taxes: [],
      },
    ],
    ...overrides,
  };
}

export function invoice(id: string, date: string, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    date,
    amount: '187.42',
    balanceAmount: '0.00',
    payment: { amount: '187.42', date: '2024-02-20', referenceNumber: 'PMT-99812' },
    lines: [
      {
        type: '1',
        description: 'INVOICE',
        date: date,
        amount: '187.42',
        dueDate: '2024-02-28',
        period: '2024-01',
        payment: null,
      },
      {
        type: '2',
        description: 'PAYMENT',
        date: null,
        amount: null,
        dueDate: null,
        period: '2024-01',
        payment: { amount: '187.42', date: '2024-02-20', method: 'ACH', referenceNumber: 'PMT-99812' },
      },
      {
        type: '4',
        description: 'FINANCE CHARGE',
        date: date,
        amount: '1.50',
        dueDate: '2024-02-28',
        period: '2024-01',
        payment: null,
      },
    ],
    ...overrides,
  };
}

export function caseRecord(id: string, requestedAt: string, overrides: Partial<Case> = {}): Case {
  return {
    id,
    description: 'Cart damaged during service',
    category: 'BIN',
    categoryDescription: 'Bin complaint',
    requestedAt,
    status: 'OPEN',
    detail: {
      subCategory: 'LID',
      subCategoryDescription: 'Broken lid',
      dueAt: '2024-03-10T17:00:00.000',
      assignedRole: 'CSR',
      assignedTo: 'csr.asmith',
      statusReasonCode: 'INPR',
      statusReasonDescription: 'In progress',
      source: 'PORTAL',
      adjustmentTotalAmount: '-15.00',
      notes: [{ comment: 'Photo received' }, { comment: 'Replacement lid ordered' }],
      requestor: { name: 'Pat Rivera', phone: '2175550142', email: 'pat.rivera@example.com' },
      adjustments: [
        { description: 'Service credit', amount: '-10.00', at: '2024-03-04T09:00:00.000' },
        { description: 'Courtesy credit', amount: '-5.00', at: '2024-03-04T09:05:00.500' },
      ],
    },
    ...overrides,
  };
}

export function pickup(serviceId: string, plannedDate: string, overrides: Partial<Pickup> = {}): Pickup {
  return {
    serviceId,
    status: 'Confirmed Positive',
    ticketNumber: '790678',
    plannedDate,
    orderedDate: '2024-03-01',
    ticketType: 'SWITCH',
    ticketLoadType: 'E/R',
    lineOfBusiness: 'ROLLOFF',
    exceptionReasonCode: null,
    exceptionClass: null,
    serviceTime: `${plannedDate}T09:41:00.000`,
    operations: { routeId: 'J31A', routeOrderNumber: '14' },
    eta: {
      from: `${plannedDate}T14:00:00Z`,
      to: `${plannedDate}T16:00:00Z`,
      reasonCode: 'ComputedETA',
      reasonText: 'On time',
      servicedAt: `${plannedDate}T14:41:00Z`,
      routeId: 'J31A',
    },
    ...overrides,
  };
}

export function profile(id: string): Profile {
  return {
    id,
    paperlessInvoice: true,
    autoPay: false,
    logonStatus: true,
    firstName: 'Pat',
    lastName: 'Rivera',
    email: 'pat.rivera@example.com',
    lastLoginDate: '2024-03-01T15:41:52.000-05:00',
  };
}

export function note(createdAt: string, comment: string): Note {
  return { comment, createdAt, audit: { createdAt, createdBy: 'csr.jdoe' } };
}

export function emailActivity(id: string, sentAt: string): EmailActivity {
  return {
    id,
    userId: '30017',
    email: {
      typeId: '12',
      typeDescription: 'Pickup reminder',
      fromAddress: 'noreply@curbside.example',
      toAddress: 'pat.rivera@example.com',
      ccAddress: 'billing@acme.example',
      subject: 'Your pickup is tomorrow',
      body: 'Please have your carts at the curb by 6 a.m.',
      sentBy: 'SYSTEM',
      sendStatus: 'SENT',
      sentAt,
    },
    audit: audit(sentAt, sentAt),
  };
}

export function issueActivity(id: string, submittedAt: string): IssueActivity {
  return {
    id,
    userId: '30017',
    issue: {
      company: 'Acme Builders',
      firstName: 'Pat',
      lastName: 'Rivera',
      email: 'pat.rivera@example.com',
      phoneNumber: '2175550142',
      contactMethod: 'EMAIL',
      description: 'Recycling cart was not emptied',
      submittedAt,
      status: 'SUBMITTED',
      csrMailbox: 'csr-central@curbside.example',
      deviceChannel: 'WEB',
      caseTypeDescription: 'Missed pickup',
      caseTypeCode: 'MP',
      caseSubTypeDescription: 'Recycling',
      caseSubTypeCode: 'MP-R',
      country: 'US',
      billingAddress: {
        streetAddress: '12 Quarry Rd',
        streetAddress2: 'Suite 3',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
      serviceAddress: {
        streetAddress: '400 Main St',
        streetAddress2: 'Rear',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62704',
      },
    },
    audit: audit(submittedAt, '2024-03-02T10:00:00.000'),
  };
}

export function service(id: string): Service {
  return {
    id,
    status: 'Active',
    lineOfBusiness: 'Commercial',
    name: 'Hauling - 4 Yard Front Load for MSW Commercial',
    occurs: 'Per Week',
    taxable: 'Y',
    typeCode: 'COM',
    catalog: {
      id: '9100',
      name: '4YD FL 1X',
      description: '4 yard front load, weekly',
      subCategory: 'FL',
      category: 'HAUL',
    },
    material: { id: '41', code: 'MSW', name: 'Municipal solid waste', specialHandling: false, manifest: false },
    equipment: { id: '4401', name: '4 Yard Front Load', size: '4', sizeUom: 'YD', quantity: '2' },
    schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 2, startsOn: '2024-01-01' },
    operations: [
      { routeId: 'J31A', dayOfWeek: 'MONDAY', notes: 'Gate code 4411' },
      { routeId: 'J31B', dayOfWeek: 'THURSDAY', notes: null },
    ],
    pricing: {
      summaryPricing: true,
      extendedCostAmount: '212.40',
      currencyCode: 'USD',
      disposalRateType: 'TON',
      disposalRateAmount: '48.75',
      uom: 'MONTH',
    },
    invoiceFees: [
      {
        category: 'FUEL',
        categoryDescription: 'Fuel',
        subCategory: 'FRF',
        subCategoryCode: 'FRF01',
        subCategoryDescription: 'Fuel recovery fee',
        chargeExcluded: 'N',
        chargeModifiedAtLevel: 'CUSTOMER',
        standardRate: '14.20',
        standardPercentage: '6.69',
        calculatedRate: '14.21',
        isFixedRate: 'N',
        overrideReason: '0',
        salesEmployeeId: 'E2231',
        modifiedAt: '2023-11-01T08:00:00.000',
      },
      {
        category: 'ENV',
        categoryDescription: 'Environmental',
        subCategory: 'ERF',
        subCategoryCode: 'ERF01',
        subCategoryDescription: 'Environmental recovery fee',
        chargeExcluded: 'Y',
        chargeModifiedAtLevel: 'SERVICE',
        standardRate: '9.99',
        standardPercentage: '4.70',
        calculatedRate: '9.98',
        isFixedRate: 'Y',
        overrideReason: '2',
        salesEmployeeId: 'E2231',
        modifiedAt: '2023-11-01T08:00:00.000',
      },
    ],
  };
}

export function contact(type: Contact['type']): Contact {
  return {
    type,
    name: 'Acme Builders',
    firstName: 'Pat',
    middleName: 'J',
    lastName: 'Rivera',
    landLine: '2175550100',
    workPhone: '2175550101',
    mobilePhone: '2175550142',
    fax: '2175550199',
    email: `${type}@acme.example`,
    address: {
      street: '12 Quarry Rd',
      city: 'Springfield',
      country: 'US',
      province: 'Ontario',
      postalCode: 'K1A 0B1',
      state: 'Illinois',
      zip: '62701',
      zip4: '1234',
      cleansed: true,
    },
  };
}

export function preferences(): Preference[] {
  return [
    {
      category: 'Service Notification',
      enabled: true,
      channels: [
        {
          name: 'Email',
          optIn: true,
          selections: [
            {
              type: 'BEMAIL',
              value: 'billing@acme.example',
              optIn: true,
              audit: audit('2023-05-01T12:00:00.000', '2023-06-01T12:00:00.000'),
            },
            {
              type: 'SEMAIL',
              value: 'service@acme.example',
              optIn: false,
              audit: audit('2023-05-01T12:00:00.000', '2023-05-01T12:00:00.000'),
            },
          ],
          options: [
            { type: 'BEMAIL', value: 'billing@acme.example' },
            { type: 'SEMAIL', value: 'service@acme.example' },
          ],
        },
        {
          name: 'Text',
          optIn: false,
          selections: [
            {
              type: 'SMOBILE',
              value: '2175550142',
              optIn: true,
              audit: audit('2023-05-01T12:00:00.000', '2023-05-02T08:30:00.000'),
            },
          ],
          options: [{ type: 'SMOBILE', value: '2175550142' }],
        },
      ],
    },
    {
      category: 'Service Exception',
      enabled: false,
      channels: [{ name: 'Voice', optIn: true, selections: [], options: [{ type: 'BPHONE', value: '2175550100' }] }],
    },
  ];
}

const balances = (): Balance[] => [
  { type: 'Current', date: '2024-03-01', amount: '187.42' },
  { type: '30Day', date: '2024-02-01', amount: '0.00' },
  { type: 'Total', date: '2024-03-01', amount: '187.42' },
];

/** Every resource, every field filled. */
export function fullBundle(customerId = '1000001'): CustomerBundle {
  return {
    customer: { id: customerId, currency: 'USD', ivrFee: '5.0', language: 'es' },
    contacts: [contact('billing'), contact('service')],
    preferences: preferences(),
    services: [service('101'), service('2050')],
    tickets: [
      serviceTicket('5003', '2024-03-05T08:15:00.000', { status: 'OPEN' }),
      serviceTicket('5001', '2024-03-01T10:00:00.000'),
      serviceTicket('5002', '2024-02-28T23:59:59.999', { status: 'PENDING' }),
    ],
    disposalTickets: [
      disposalTicket('9000002', '2024-02-11T10:00:00.000'),
      disposalTicket('8999990', '2024-02-10T09:31:02.000'),
    ],
    invoices: [invoice('700102', '2024-02-01'), invoice('700101', '2024-01-01')],
    balances: balances(),
    cases: [
      caseRecord('3302', '2024-03-03T14:00:00.100'),
      caseRecord('3301', '2024-01-15T09:00:00.000', { status: 'CLOSED' }),
    ],
    emailActivities: [
      emailActivity('60002', '2024-03-04T18:00:00.000'),
      emailActivity('60001', '2024-03-01T18:00:00.000'),
    ],
    issueActivities: [issueActivity('71001', '2024-03-02T09:45:00.000')],
    pickups: [
      pickup('2050', '2024-03-07', { status: 'Planned', serviceTime: null, eta: null }),
      pickup('101', '2024-03-04', { status: 'Confirmed Negative', exceptionReasonCode: 'BLK', exceptionClass: 'Blocked' }),
      pickup('101', '2024-03-04', { ticketNumber: '790679' }),
      pickup('2050', '2024-03-04'),
    ],
    profiles: [profile('88001'), profile('88002')],
    notes: [note('2024-03-05T10:00:00.000', 'Gate code changed'), note('2024-02-01T08:30:00.250', 'Moved in')],
  };
}

/** Every field that may be null is null; children lists are empty or minimal. */
export function sparseBundle(customerId = '1000002'): CustomerBundle {
  return {
    customer: { id: customerId, currency: 'CAD', ivrFee: null, language: null },
    contacts: [
      {
        type: 'service',
        name: null,
        firstName: null,
        middleName: null,
        lastName: null,
        landLine: null,
        workPhone: null,
        mobilePhone: null,
        fax: null,
        email: null,
        address: {
          street: null,
          city: null,
          country: null,
          province: null,
          postalCode: null,
          state: null,
          zip: null,
          zip4: null,
          cleansed: null,
        },
      },
    ],
    preferences: [
      {
        category: 'Service Exception',
        enabled: false,
        channels: [
          {
            name: 'Text',
            optIn: false,
            selections: [{ type: 'SMOBILE', value: '4165550000', optIn: false, audit: NO_AUDIT }],
            options: [],
          },
        ],
      },
    ],
    services: [
      {
        id: '1',
        status: 'Inactive',
        lineOfBusiness: null,
        name: null,
        occurs: null,
        taxable: null,
        typeCode: null,
        catalog: { id: null, name: null, description: null, subCategory: null, category: null },
        material: { id: null, code: null, name: null, specialHandling: null, manifest: null },
        equipment: { id: null, name: null, size: null, sizeUom: null, quantity: null },
        schedule: null,
        operations: [],
        pricing: {
          summaryPricing: null,
          extendedCostAmount: null,
          currencyCode: null,
          disposalRateType: null,
          disposalRateAmount: null,
          uom: null,
        },
        invoiceFees: [
          {
            category: null,
            categoryDescription: null,
            subCategory: null,
            subCategoryCode: null,
            subCategoryDescription: null,
            chargeExcluded: null,
            chargeModifiedAtLevel: null,
            standardRate: null,
            standardPercentage: null,
            calculatedRate: null,
            isFixedRate: null,
            overrideReason: null,
            salesEmployeeId: null,
            modifiedAt: null,
          },
        ],
      },
    ],
    tickets: [
      {
        id: '1',
        status: 'OPEN',
        loadType: null,
        loadDescription: null,
        createdAt: '2024-01-01T00:00:00.000',
        createdBy: null,
        closedAt: null,
        closedBy: null,
        dispatchedAt: null,
        generated: null,
        complaint: null,
        comments: null,
        completionCode: null,
        completedDescription: null,
        requestedBy: null,
        loggedAt: null,
        services: [{ code: 'DEL', description: null, quantity: null, cost: null, specialDescription: null }],
      },
    ],
    disposalTickets: [
      {
        id: '1',
        haulingTicketId: null,
        replaceTicketId: null,
        voidTicketId: null,
        timeIn: null,
        timeOut: null,
        status: 'VOID',
        weight: { gross: null, tare: null, net: null, uom: null, roundedNet: null, roundedNetUom: null },
        scaleIn: null,
        scaleOut: null,
        swipeCardId: null,
        volume: null,
        materialSubtotal: null,
        surcharge: null,
        tax: null,
        amount: null,
        currency: null,
        carrier: { id: null, description: null },
        site: { id: null, name: null },
        destination: null,
        routeId: null,
        notes: null,
        seal: { number1: null, number2: null },
        customer: {
          name: null,
          businessName: null,
          address: { street1: null, street2: null, city: null, state: null, country: null, zip: null, zip4: null },
        },
        audit: NO_AUDIT,
        vehicle: { number: null, description: null, driverName: null },
        details: [
          {
            sequenceNumber: '1',
            materialName: null,
            surchargeName: null,
            description: null,
            volume: null,
            generatorName: null,
            roundedNetWeight: null,
            roundedNetUom: null,
            billedQuantity: null,
            ratePerUnit: null,
            rateUom: null,
            origin: { id: null, description: null },
            amount: null,
            totalTaxAmount: null,
            totalAmount: null,
            purchaseOrderNumber: null,
            manifestId: null,
            containerId: null,
            profile: { id: null, description: null },
            taxes: [
              {
                sequenceNumber: null,
                id: null,
                name: null,
                description: null,
                rate: null,
                rateUom: null,
                amount: null,
              },
            ],
          },
        ],
      },
    ],
    invoices: [
      {
        id: '1',
        date: '2024-01-01',
        amount: null,
        balanceAmount: null,
        payment: { amount: null, date: null, referenceNumber: null },
        lines: [
          { type: '5', description: 'NON A/R', date: null, amount: null, dueDate: null, period: null, payment: null },
          {
            type: '2',
            description: 'PAYMENT',
            date: null,
            amount: null,
            dueDate: null,
            period: null,
            payment: { amount: null, date: null, method: null, referenceNumber: null },
          },
        ],
      },
    ],
    balances: [{ type: 'Future', date: null, amount: null }],
    cases: [
      {
        id: '1',
        description: null,
        category: null,
        categoryDescription: null,
        requestedAt: '2024-01-01T00:00:00.000',
        status: 'OPEN',
        detail: {
          subCategory: null,
          subCategoryDescription: null,
          dueAt: null,
          assignedRole: null,
          assignedTo: null,
          statusReasonCode: null,
          statusReasonDescription: null,
          source: null,
          adjustmentTotalAmount: null,
          notes: [{ comment: null }],
          requestor: { name: null, phone: null, email: null },
          adjustments: [{ description: null, amount: null, at: null }],
        },
      },
    ],
    emailActivities: [
      {
        id: '1',
        userId: null,
        email: {
          typeId: null,
          typeDescription: null,
          fromAddress: null,
          toAddress: null,
          ccAddress: null,
          subject: null,
          body: null,
          sentBy: null,
          sendStatus: null,
          sentAt: '2024-01-01T00:00:00.000',
        },
        audit: NO_AUDIT,
      },
    ],
    issueActivities: [
      {
        id: '1',
        userId: null,
        issue: {
          company: null,
          firstName: null,
          lastName: null,
          email: null,
          phoneNumber: null,
          contactMethod: null,
          description: null,
          submittedAt: '2024-01-01T00:00:00.000',
          status: null,
          csrMailbox: null,
          deviceChannel: null,
          caseTypeDescription: null,
          caseTypeCode: null,
          caseSubTypeDescription: null,
          caseSubTypeCode: null,
          country: null,
          billingAddress: { streetAddress: null, streetAddress2: null, city: null, state: null, zipCode: null },
          serviceAddress: { streetAddress: null, streetAddress2: null, city: null, state: null, zipCode: null },
        },
        audit: NO_AUDIT,
      },
    ],
    pickups: [
      {
        serviceId: '1',
        status: 'Planned',
        ticketNumber: null,
        plannedDate: '2024-01-01',
        orderedDate: null,
        ticketType: null,
        ticketLoadType: null,
        lineOfBusiness: null,
        exceptionReasonCode: null,
        exceptionClass: null,
        serviceTime: null,
        operations: { routeId: null, routeOrderNumber: null },
        eta: { from: null, to: null, reasonCode: null, reasonText: null, servicedAt: null, routeId: null },
      },
    ],
    profiles: [
      {
        id: '1',
        paperlessInvoice: null,
        autoPay: null,
        logonStatus: null,
        firstName: null,
        lastName: null,
        email: null,
        lastLoginDate: null,
      },
    ],
    notes: [{ comment: null, createdAt: '2024-01-01T00:00:00.000', audit: { createdAt: null, createdBy: null } }],
  };
}

/** A bundle with nothing but the customer, to add records to (the domain's). */
export { emptyBundle } from '@curbside/domain';
